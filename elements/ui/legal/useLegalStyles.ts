/** Adopts the legal panels' sheet where a panel renders (elements/ui/useAdoptedSheet.ts). */
import { useAdoptedSheet } from '../useAdoptedSheet.ts';
import legalCss from './legal.css';

/** A ref callback for the panel's outer element. */
export const useLegalStyles = (): ((el: Element | null) => void) => useAdoptedSheet(legalCss);
