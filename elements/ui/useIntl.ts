import { createContext, useContext } from 'react';
import type { MessageValues, VfIntl } from '../../core/i18n/index.ts';

/** The formatjs instance for the element's language and bundles; provided by WidgetRoot. */
export const IntlContext = createContext<VfIntl | null>(null);

export function useIntl(): VfIntl {
  const intl = useContext(IntlContext);
  if (!intl) throw new Error('useIntl() must be used inside <WidgetRoot>');
  return intl;
}

/** Shorthand: `t('conversations.compose.placeholder', { name })`. */
export function useT(): (id: string, values?: MessageValues) => string {
  const intl = useIntl();
  return (id, values) => intl.formatMessage({ id }, values);
}
