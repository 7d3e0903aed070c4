/**
 * A ground's label as staff read it (docs/law.md "Grounds"), by the readers' own rule
 * (elements/ui/legal/legalText.ts): a default ground that keeps its default label is shown in the
 * element's language; a label the site typed (or renamed) is shown as typed.
 */
import type { GroundType } from '../../../core/legal/types.ts';
import type { MessageValues } from '../../../core/i18n/index.ts';
import { groundLabel } from '../../ui/legal/legalText.ts';
import { useT } from '../../ui/useIntl.ts';

/** `(type, id, label) => text`: the translated default, else the label as the site wrote it. */
export function useGroundLabel(): (type: GroundType, id: string, label: string) => string {
  const t = useT();
  return (type, id, label) => groundLabel((key, values) => t(key, values as MessageValues), type, id, label);
}
