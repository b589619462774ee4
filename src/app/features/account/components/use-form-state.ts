import { useEffect, useRef, useState, type ChangeEvent } from 'react';

/**
 * Controlled text fields with one error per field. Typing in a field clears its error; `showErrors`
 * sets errors and moves focus to the first invalid field, so keyboard and screen-reader users land on it.
 */
export function useFormState<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const setValue = (name: F, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => (previous[name] === undefined ? previous : { ...previous, [name]: undefined }));
  };

  const showErrors = (next: Partial<Record<F, string>>) => {
    setErrors(next);
    if (Object.values(next).some(Boolean)) setFocusRequest((count) => count + 1);
  };

  /** value, error and onChange for a Mantine input (aria-invalid too: PasswordInput does not set it itself). */
  const field = (name: F) => ({
    value: values[name],
    error: errors[name],
    'aria-invalid': errors[name] ? true : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.currentTarget.value),
  });

  return { values, setValue, setValues, errors, showErrors, field, formRef };
}
