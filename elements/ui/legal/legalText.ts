/**
 * How a statement of reasons reads to its reader (docs/law.md "Grounds"): the ground with its
 * kind (a law, or a rule of the site's terms), the automatic rule that acted, the restriction's
 * title. A default ground whose label the site kept is shown in the reader's language; a label
 * the site typed (or renamed) is shown as typed, as it was when the statement was written.
 */
import { DEFAULT_ILLEGAL_KINDS, DEFAULT_TERMS_RULES, type GroundType, type Restriction } from '../../../core/legal/types.ts';
import type { MessageValues } from '../../../core/i18n/index.ts';
import { HOLD_RULES } from '../../../core/moderation/types.ts';

type T = (id: string, values?: MessageValues) => string;

/** A ground's label: translated when it is a default one the site left as it was. */
export function groundLabel(t: T, type: GroundType, id: string, label: string): string {
  const defaults = type === 'illegal' ? DEFAULT_ILLEGAL_KINDS : DEFAULT_TERMS_RULES;
  const known = defaults.find((ground) => ground.id === id);
  return known && known.label === label ? t(`base.legal.ground.${id}`) : label;
}

/** "Illegal content: Defamation" / "Against the site’s rules: Off topic". */
export function groundText(t: T, statement: { ground_type: GroundType; ground: string; ground_label: string }): string {
  const label = groundLabel(t, statement.ground_type, statement.ground, statement.ground_label);
  return t(`base.legal.statement.ground.${statement.ground_type}`, { label });
}

/** The automatic-moderation rule that held or rejected the item, in words; an unknown one as it came. */
export function ruleLabel(t: T, rule: string): string {
  return (HOLD_RULES as readonly string[]).includes(rule) ? t(`base.legal.rule.${rule}`) : rule;
}

/** "Your post was rejected", per restriction. */
export function restrictionTitle(t: T, restriction: Restriction): string {
  return t(`base.legal.statement.title.${restriction}`);
}
