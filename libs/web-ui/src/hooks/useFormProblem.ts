import { useCallback, useEffect, useId, useState } from 'react';

/** What is wrong with a form: the message for its error line and, when known, the field to highlight. */
export interface FormProblem {
  message: string;
  field?: string;
}

/**
 * A form's one error line and the field it is about. `fieldProps(name)` gives a TextField its id
 * and, while it is the offending field, `invalid` plus a link to the message; the field also gets
 * focus so keyboard and screen-reader users land where the fix is.
 */
export function useFormProblem<F extends string>() {
  const baseId = useId();
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const messageId = `${baseId}message`;
  const fieldId = useCallback((field: F) => `${baseId}${field}`, [baseId]);

  useEffect(() => {
    if (problem?.field) document.getElementById(`${baseId}${problem.field}`)?.focus();
  }, [problem, baseId]);

  const fieldProps = (field: F) =>
    problem?.field === field ? { id: fieldId(field), invalid: true, 'aria-describedby': messageId } : { id: fieldId(field) };

  return { problem, setProblem, messageId, fieldProps };
}
