/**
 * The 1–5 star input: a native radio group in a fieldset, so arrow keys move and choose, Tab
 * enters and leaves it once, and each star is read as "3 stars". The stars up to the chosen (or
 * hovered) one are drawn filled.
 */
import { useState } from 'react';
import { MAX_POINTS } from '../../core/api/reviewTypes.ts';
import { useT } from '../ui/useIntl.ts';

export function StarInput({ name, value, onChange, disabled }: { name: string; value: number; onChange(value: number): void; disabled?: boolean }) {
  const t = useT();
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset className="vf-star-input" part="stars-input" disabled={disabled} onMouseLeave={() => setHover(0)}>
      <legend className="vf-star-input__legend">{t('reviews.form.legend')}</legend>
      {Array.from({ length: MAX_POINTS }, (_, i) => i + 1).map((points) => (
        <label key={points} className={`vf-star-input__star${points <= shown ? ' vf-star-input__star--on' : ''}`} onMouseEnter={() => setHover(points)}>
          <input type="radio" className="vf-visually-hidden" name={name} value={points} checked={value === points} onChange={() => onChange(points)} />
          <span aria-hidden="true">★</span>
          <span className="vf-visually-hidden">{t('reviews.form.star', { count: points })}</span>
        </label>
      ))}
    </fieldset>
  );
}
