/**
 * The facts and circumstances a statement of reasons gives (DSA Art. 17(3)(b)): one plain English
 * sentence per decision path, naming what was done and how it came to a moderator or a rule. They
 * never name who reported the item.
 */
import type { HoldReason } from '../../core/moderation/types.ts';
import { kindOf } from '../moderation/index.ts';
import { itemNoun } from './items.ts';
import { mailDate } from './legalMails.ts';

const noun = (contentType: string) => itemNoun(kindOf(contentType) ?? contentType);

/** What an automatic rule found (the reason stored with the item). */
function found(reason: HoldReason): string {
  switch (reason.rule) {
    case 'banned_word': return `it contains a word the site does not allow${reason.word ? ` (“${reason.word}”)` : ''}`;
    case 'suspect_word': return `it contains a word the site reviews before showing${reason.word ? ` (“${reason.word}”)` : ''}`;
    case 'link': return `it contains a link the site reviews before showing${reason.link ? ` (${reason.link})` : ''}`;
    case 'spam_score': return `a spam filter scored it as likely spam${reason.score === undefined ? '' : ` (${reason.score.toFixed(2)})`}`;
    case 'toxicity_score': return `a filter scored it as likely abusive${reason.score === undefined ? '' : ` (${reason.score.toFixed(2)})`}`;
    case 'reports': return 'readers reported it';
    default: return 'a rule of the site held it';
  }
}

const BAN_EFFECTS: Record<string, string> = {
  posting: 'may no longer post',
  ghost: 'may no longer post, and their posts are shown to no one else',
  hide: 'may no longer post, and their posts are hidden',
  login: 'may no longer log in',
};

export const statementFacts = {
  /** A moderator's reject or spam, from the site's moderation queue or the page's own menu. */
  moderator(decision: 'reject' | 'spam', contentType: string, where: 'queue' | 'page'): string {
    const done = decision === 'spam' ? 'marked this %s as spam' : 'rejected this %s';
    const from = where === 'queue' ? 'in the moderation queue' : 'on the page';
    return `A moderator reviewed it ${from} and ${done.replace('%s', noun(contentType))}.`;
  },
  /** Automatic moderation held or rejected an item when it was posted or edited. */
  automatic(held: boolean, reason: HoldReason, contentType: string, isEdit: boolean): string {
    const when = isEdit ? 'When this %s was edited' : 'When this %s was posted';
    const done = held ? 'held it for a moderator to review' : 'rejected it';
    return `${when.replace('%s', noun(contentType))}, automatic moderation ${done}: ${found(reason)}.`;
  },
  ban(level: string, expires: number | null): string {
    const until = expires === null ? 'permanently' : `until ${mailDate(expires)}`;
    return `A moderator banned this account ${until}: its owner ${BAN_EFFECTS[level] ?? 'is restricted'}.`;
  },
  profile(field: 'name' | 'picture', name: string | null): string {
    return field === 'name' ? `A moderator reviewed the new name${name ? ` “${name}”` : ''} and rejected it.` : 'A moderator reviewed the new profile picture and rejected it.';
  },
  /** A notice of illegal content was decided: found illegal, or not illegal but against the terms. */
  notice(notice: { date_created: number }, illegal: boolean, target: string): string {
    const what = target === 'content' ? 'this item' : target === 'profile_name' ? 'this profile name' : 'this profile picture';
    const received = `Someone sent a notice of illegal content about ${what} on ${mailDate(notice.date_created)}.`;
    return illegal ? `${received} A moderator examined it, found it illegal and removed it.` : `${received} A moderator examined it and found it not illegal, but against the site's rules, and rejected it.`;
  },
};
