export { Button, buttonClassName, type ButtonProps, type ButtonVariant } from './components/Button';
export { LinkButton } from './components/LinkButton';
export { Spinner, type SpinnerProps } from './components/Spinner';
export { VisuallyHidden } from './components/VisuallyHidden';
export { Container } from './components/Container';
export { MEDIUM_SCREEN_QUERY, SMALL_SCREEN_QUERY, useMediaQuery } from './hooks/useMediaQuery';
