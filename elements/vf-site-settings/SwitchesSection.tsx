/**
 * The site's switches a publisher decides (docs/settings.md), grouped, and the page image
 * allow-list, saved with `PATCH /settings`: only what the admin changed is sent. The page's
 * copy of the settings takes the server's answer, as a reload would.
 */
import { useRef, useState } from 'react';
import { siteAdminApi } from '../../core/api/siteAdmin.ts';
import { selectSettings } from '../../core/session/slice.ts';
import type { StoredSettingKey, StoredSiteSettings } from '../../core/settings/site.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { useRunMutation } from '../ui/useRunMutation.ts';
import { useT } from '../ui/useIntl.ts';
import { DIGEST_HOUR, DIGEST_TIME_ZONE, DigestFields } from './DigestFields.tsx';
import { Group, Switch, TextField } from './fields.tsx';
import { K, SettingsSection } from './SettingsSection.tsx';
import { useSectionSave } from './useSectionSave.ts';

type BooleanKey = { [Key in StoredSettingKey]: StoredSiteSettings[Key] extends boolean ? Key : never }[StoredSettingKey];

/** The switches, by what they are about. */
export const SWITCH_GROUPS: readonly (readonly [group: string, keys: readonly BooleanKey[]])[] = [
  ['comments', [
    'enable_commenting', 'enable_premoderation', 'enable_anonymous_comments', 'enable_dislikes', 'enable_user_comment_editing',
    'enable_user_comment_remove', 'enable_comment_images', 'enable_comment_video', 'enable_muting',
  ]],
  ['accounts', [
    'enable_email_verification', 'enable_username_premoderation', 'enable_avatar_premoderation', 'disable_widget_logins',
    'disable_cookie_displayname', 'disable_cookie_avatars', 'disable_email_notifications',
  ]],
  ['features', ['enable_livechat', 'enable_sharebar', 'enable_push_notifications', 'require_user_authentication_to_vote', 'require_user_authentication_to_see_results']],
];

const HOSTS = 'page_image_hosts';
const NAMES = [...SWITCH_GROUPS.flatMap(([, keys]) => keys), DIGEST_HOUR, DIGEST_TIME_ZONE, HOSTS];

export function SwitchesSection() {
  const t = useT();
  const settings = useAppSelector(selectSettings)!;
  const form = useRef<HTMLFormElement>(null);
  const saving = useSectionSave(form, NAMES);
  const [, run] = useRunMutation();
  const [draft, setDraft] = useState<Partial<StoredSiteSettings>>({});
  const value = <Key extends StoredSettingKey>(key: Key): StoredSiteSettings[Key] => (key in draft ? draft[key] : settings[key]) as StoredSiteSettings[Key];
  const change = (next: Partial<StoredSiteSettings>) => {
    setDraft((d) => ({ ...d, ...next }));
    saving.edited();
  };

  const onSave = async () => {
    const changed = Object.fromEntries(Object.entries(draft).filter(([key, v]) => v !== settings[key as StoredSettingKey])) as Partial<StoredSiteSettings>;
    if (HOSTS in changed) changed[HOSTS] = changed[HOSTS]?.trim() || null;
    if (DIGEST_TIME_ZONE in changed) changed[DIGEST_TIME_ZONE] = changed[DIGEST_TIME_ZONE]!.trim();
    if (!Object.keys(changed).length) return void (await saving.save(async () => undefined));
    if (await saving.save(() => run(siteAdminApi.endpoints.changeSiteSettings.initiate(changed)))) setDraft({});
  };

  return (
    <SettingsSection part="site" title={t(`${K}.site.title`)} intro={t(`${K}.site.intro`)} formRef={form} saving={saving} onSave={() => void onSave()}>
      {SWITCH_GROUPS.map(([group, keys]) => (
        <Group key={group} legend={t(`${K}.site.group.${group}`)}>
          {keys.map((key) => (
            <Switch key={key} name={key} label={t(`${K}.site.${key}`)} checked={value(key)} error={saving.errorFor(key)} onChange={(on) => change({ [key]: on })} />
          ))}
          {group === 'accounts' ? (
            <DigestFields hour={value(DIGEST_HOUR)} timeZone={value(DIGEST_TIME_ZONE)} errorFor={saving.errorFor} onChange={change} />
          ) : null}
        </Group>
      ))}
      <Group legend={t(`${K}.site.group.pages`)}>
        <TextField
          name={HOSTS}
          label={t(`${K}.site.page_image_hosts`)}
          hint={t(`${K}.site.page_image_hostsHint`)}
          value={value(HOSTS) ?? ''}
          error={saving.errorFor(HOSTS)}
          onChange={(text) => change({ [HOSTS]: text })}
        />
      </Group>
    </SettingsSection>
  );
}
