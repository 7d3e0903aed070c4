import { createContext, useContext } from 'react';
import type { IntlShape } from '@formatjs/intl';

/** The formatjs instance for the element's language and bundles; provided by WidgetRoot. */
export const IntlContext = createContext<IntlShape | null>(null);

export function useIntl(): IntlShape {
  const intl = useContext(IntlContext);
  if (!intl) throw new Error('useIntl() must be used inside <WidgetRoot>');
  return intl;
}

/** Shorthand: `t('conversations.compose.placeholder', { name })`. */
export function useT(): (id: string, values?: Record<string, string | number | boolean | Date | null | undefined>) => string {
  const intl = useIntl();
  return (id, values) => intl.formatMessage({ id }, values) as string;
}
