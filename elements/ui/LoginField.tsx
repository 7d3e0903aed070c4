import { useId, type InputHTMLAttributes, type Ref } from 'react';

export interface LoginFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input whose error message is tied to it with aria-describedby. */
export function LoginField({ label, error, inputRef, ...input }: LoginFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="vf-field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        ref={inputRef}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className="vf-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
