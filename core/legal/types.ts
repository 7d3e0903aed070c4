/**
 * The publisher's legal duties (docs/law.md): the shared vocabulary of notices of illegal content
 * (DSA Art. 16), statements of reasons (Art. 17), appeals (Art. 20), trusted flaggers (Art. 22),
 * transparency (Art. 15, 24) and readers' data rights (GDPR Art. 15, 17, 20). Pure types and
 * constants, used by the server (server/legal/, server/accounts/) and the elements alike.
 */

/** What a notice points at: an item of content, or a reader's name or picture on their profile. */
export const NOTICE_TARGET_TYPES = ['content', 'profile_name', 'profile_picture'] as const;
export type NoticeTargetType = (typeof NOTICE_TARGET_TYPES)[number];

export const NOTICE_STATES = ['open', 'illegal', 'not_illegal'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];

/** A moderator's decision on a notice. */
export const NOTICE_DECISIONS = ['illegal', 'not_illegal'] as const;
export type NoticeDecision = (typeof NOTICE_DECISIONS)[number];

/** What a decision did to the reader (a statement of reasons' `restriction`). */
export const RESTRICTIONS = ['removal', 'rejection', 'spam', 'hold', 'ban', 'profile_name', 'profile_picture'] as const;
export type Restriction = (typeof RESTRICTIONS)[number];

/** A decision rests on the law (a kind of illegality) or on a rule of the site's terms. */
export const GROUND_TYPES = ['illegal', 'terms'] as const;
export type GroundType = (typeof GROUND_TYPES)[number];

export const APPEAL_DECISIONS = ['uphold', 'reverse'] as const;
export type AppealDecision = (typeof APPEAL_DECISIONS)[number];
export const APPEAL_STATES = ['open', 'upheld', 'reversed'] as const;
export type AppealState = (typeof APPEAL_STATES)[number];

/** Art. 20(1): an appeal is open for at least six months after the decision. */
export const APPEAL_MONTHS = 6;
/** The last moment (ms) an appeal of a decision taken at `decidedAt` (ms) is accepted: six calendar months later (UTC). */
export function appealDeadline(decidedAt: number): number {
  const date = new Date(decidedAt);
  const month = date.getUTCMonth() + APPEAL_MONTHS;
  const deadline = new Date(decidedAt);
  deadline.setUTCMonth(month);
  // 31 August + 6 months is 28/29 February, not 3 March.
  if (deadline.getUTCMonth() !== ((month % 12) + 12) % 12) deadline.setUTCDate(0);
  return deadline.getTime();
}

/** GDPR Art. 17: an account asked to be deleted is erased this long after (logging in cancels it). */
export const DELETION_GRACE_MS = 14 * 24 * 60 * 60 * 1000;

/** An account without a password (social, SSO) confirms its deletion with a login this recent (ms). */
export const FRESH_LOGIN_MS = 10 * 60 * 1000;

/** The name an erased reader's kept content shows (the site's `erased_content: 'anonymise'`). */
export const ERASED_READER_NAME = 'Deleted reader';

/**
 * Categories of the EU's DSA Transparency Database (its API's `category` field): each kind of
 * illegality a site lists maps to one, so exported statements carry it.
 */
export const DSA_CATEGORIES = [
  'STATEMENT_CATEGORY_ANIMAL_WELFARE',
  'STATEMENT_CATEGORY_DATA_PROTECTION_AND_PRIVACY_VIOLATIONS',
  'STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH',
  'STATEMENT_CATEGORY_INTELLECTUAL_PROPERTY_INFRINGEMENTS',
  'STATEMENT_CATEGORY_NEGATIVE_EFFECTS_ON_CIVIC_DISCOURSE_OR_ELECTIONS',
  'STATEMENT_CATEGORY_NON_CONSENSUAL_BEHAVIOUR',
  'STATEMENT_CATEGORY_PORNOGRAPHY_OR_SEXUALIZED_CONTENT',
  'STATEMENT_CATEGORY_PROTECTION_OF_MINORS',
  'STATEMENT_CATEGORY_RISK_FOR_PUBLIC_SECURITY',
  'STATEMENT_CATEGORY_SCAMS_AND_FRAUD',
  'STATEMENT_CATEGORY_SELF_HARM',
  'STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE',
  'STATEMENT_CATEGORY_UNSAFE_AND_ILLEGAL_PRODUCTS',
  'STATEMENT_CATEGORY_VIOLENCE',
] as const;
export type DsaCategory = (typeof DSA_CATEGORIES)[number];

/** A ground a site lists: a stable id, the label moderators and readers see, and (for illegality) its DSA category. */
export interface Ground {
  id: string;
  label: string;
  /** Kinds of illegality only. */
  category?: DsaCategory;
}

/** The kind whose notices need no name or email (DSA Art. 16(2)(c)). */
export const CSAM_KIND = 'csam';

/** The kinds of illegality a notice names, until the site edits its list (docs/law.md "Grounds"). */
export const DEFAULT_ILLEGAL_KINDS: readonly Ground[] = [
  { id: CSAM_KIND, label: 'Child sexual abuse material', category: 'STATEMENT_CATEGORY_PROTECTION_OF_MINORS' },
  { id: 'terrorism', label: 'Terrorist content', category: 'STATEMENT_CATEGORY_RISK_FOR_PUBLIC_SECURITY' },
  { id: 'hate_speech', label: 'Illegal hate speech or incitement', category: 'STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH' },
  { id: 'threats', label: 'Threats of violence', category: 'STATEMENT_CATEGORY_VIOLENCE' },
  { id: 'defamation', label: 'Defamation', category: 'STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH' },
  { id: 'privacy', label: 'Unlawful disclosure of personal data', category: 'STATEMENT_CATEGORY_DATA_PROTECTION_AND_PRIVACY_VIOLATIONS' },
  { id: 'non_consensual_imagery', label: 'Non-consensual intimate imagery', category: 'STATEMENT_CATEGORY_NON_CONSENSUAL_BEHAVIOUR' },
  { id: 'intellectual_property', label: 'Copyright or trademark infringement', category: 'STATEMENT_CATEGORY_INTELLECTUAL_PROPERTY_INFRINGEMENTS' },
  { id: 'fraud', label: 'Fraud or scam', category: 'STATEMENT_CATEGORY_SCAMS_AND_FRAUD' },
  { id: 'other', label: 'Other illegal content', category: 'STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE' },
];

/** The rules of the site's terms a decision may cite, until the site edits its list. */
export const DEFAULT_TERMS_RULES: readonly Ground[] = [
  { id: 'spam', label: 'Spam or advertising' },
  { id: 'harassment', label: 'Harassment or personal attacks' },
  { id: 'hateful', label: 'Hateful or abusive language' },
  { id: 'off_topic', label: 'Off topic' },
  { id: 'personal_information', label: "Sharing someone's personal information" },
  { id: 'impersonation', label: 'Impersonation' },
  { id: 'other_terms', label: 'Against the community guidelines' },
];

/** What happens to an erased reader's content: removed, or kept under ERASED_READER_NAME. */
export const ERASED_CONTENT = ['remove', 'anonymise'] as const;
export type ErasedContent = (typeof ERASED_CONTENT)[number];

/** A site's legal settings (`GET/PUT /api/v2/legal/settings`). */
export interface LegalSettings {
  illegal_kinds: Ground[];
  terms_rules: Ground[];
  erased_content: ErasedContent;
}

export const DEFAULT_LEGAL_SETTINGS: LegalSettings = {
  illegal_kinds: [...DEFAULT_ILLEGAL_KINDS],
  terms_rules: [...DEFAULT_TERMS_RULES],
  erased_content: 'anonymise',
};

/** Limits on what readers and admins send (checked by the routes' schemas). */
export const MAX_EXPLANATION = 5000;
export const MAX_APPEAL_TEXT = 5000;
export const MAX_GROUNDS = 50;
export const MAX_GROUND_LABEL = 120;
/** A ground's id: lower-case letters, digits and underscores. */
export const GROUND_ID_PATTERN = '^[a-z0-9_]{1,40}$';

/** Where an item lives and what it said, as moderators and the reader see it in a statement or a notice. */
export interface LegalItem {
  /** null: a profile's name or picture, or a ban. */
  content_uuid: string | null;
  /** The item's kind (QueueKind) or `profile`. */
  kind: string;
  /** The text (HTML stripped, 500 characters at most); for a profile, the name; null once erased. */
  excerpt: string | null;
  /** The item's current state (content's `state`), null for a profile or ban. */
  state: string | null;
  /** The page it is on (the server's page join, never the caller's claim). */
  page_url: string | null;
  page_title: string | null;
  author_uuid: string | null;
  author_name: string | null;
}

/** A statement of reasons as its reader (or a moderator) reads it. */
export interface Statement {
  uuid: string;
  restriction: Restriction;
  ground_type: GroundType;
  ground: string;
  ground_label: string;
  explanation: string | null;
  facts: string;
  automated: boolean;
  automated_rule: string | null;
  state: 'in_force' | 'reversed';
  date_created: number;
  appeal_until: number;
  item: LegalItem;
  /** The latest appeal of it, or null. */
  appeal: Appeal | null;
}

/** An appeal, as its appellant reads it. */
export interface Appeal {
  uuid: string;
  appellant_role: 'author' | 'reporter';
  text: string;
  state: AppealState;
  explanation: string | null;
  date_created: number;
  decided_at: number | null;
  /** The site has one moderator: the one who decided also decided the appeal (Art. 20(6) read as "not solely automated"). */
  single_moderator: boolean;
}

/** A notice as moderators see it in their queue. */
export interface NoticeItem {
  uuid: string;
  reference: string;
  target_type: NoticeTargetType;
  kind: string;
  kind_label: string;
  explanation: string;
  reporter_name: string | null;
  reporter_email: string | null;
  trusted: boolean;
  state: NoticeState;
  decided_by: { uuid: string; name: string } | null;
  decided_at: number | null;
  date_created: number;
  item: LegalItem;
  /** Earlier notices and decisions on the same item, oldest first. */
  history: { what: string; by: string | null; at: number }[];
}

/** An appeal as moderators see it in their queue. */
export interface AppealItem extends Appeal {
  statement: Statement | null;
  notice: NoticeItem | null;
  /** Who took the decision appealed: the caller may not decide the appeal unless the site has one moderator. */
  first_decided_by: { uuid: string; name: string } | null;
  decided_by: { uuid: string; name: string } | null;
}
