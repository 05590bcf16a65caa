import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteUnavailable } from './RemoteUnavailable';

interface Props {
  /** Changing it (e.g. the page) clears a caught render error. */
  resetKey: string;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  error: unknown;
  errorResetKey: string | null;
}

/** Third fallback layer: catches load rejections and render errors of one remote area. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, errorResetKey: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown remote error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error && state.errorResetKey !== null && state.errorResetKey !== props.resetKey) {
      return { error: null, errorResetKey: null };
    }
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ errorResetKey: this.props.resetKey });
    console.error('[remote-area] section failed', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <RemoteUnavailable onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}
