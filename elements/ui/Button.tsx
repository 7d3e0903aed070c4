import type { ButtonHTMLAttributes, Ref } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost';
  /** Shows the button as working: announced with aria-busy and not clickable. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant = 'secondary', busy = false, type = 'button', className, disabled, onClick, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={`vf-button vf-button--${variant}${className ? ` ${className}` : ''}`}
      disabled={disabled}
      aria-busy={busy || undefined}
      onClick={busy ? (event) => event.preventDefault() : onClick}
    />
  );
}
