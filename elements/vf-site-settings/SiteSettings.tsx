/**
 * <vf-site-settings>: a site's settings for its admins (docs/settings.md "The settings element").
 * A guest is asked to log in, a signed-in reader who is not an admin is told that only the
 * site's administrators can change them; an admin sees the sections, each saved on its own.
 */
import { LoginPromptProvider } from '../ui/LoginPrompt.tsx';
import { OfflineNotice } from '../ui/OfflineNotice.tsx';
import { StaffGuestPrompt, StaffNote, StaffPending, StaffTitle, useStaffView } from '../ui/StaffNotes.tsx';
import { useT } from '../ui/useIntl.ts';
import { ViewerProvider } from '../ui/usePermission.ts';
import { LegalSection } from './legal/LegalSection.tsx';
import { LoginsSection } from './LoginsSection.tsx';
import { ModerationSection } from './ModerationSection.tsx';
import { K } from './SettingsSection.tsx';
import { SwitchesSection } from './SwitchesSection.tsx';
import { WebhooksSection } from './WebhooksSection.tsx';

// The element takes no attributes.
export type SiteSettingsProps = Record<string, never>;


function Gate() {
  const t = useT();
  const view = useStaffView('admin');
  let body;
  if (view.kind === 'loading') body = <StaffPending text={t(`${K}.guest`)} loginLabel={t(`${K}.login`)} label={t(`${K}.loading`)} className="vf-sset__note" />;
  else if (view.kind === 'guest') body = <StaffGuestPrompt text={t(`${K}.guest`)} loginLabel={t(`${K}.login`)} action="site.settings" className="vf-sset__note" />;
  else if (view.kind === 'forbidden') body = <StaffNote part="forbidden" text={t(`${K}.forbidden`)} className="vf-sset__note" />;
  else {
    body = (
      <div className="vf-sset__sections" key={view.user.uuid}>
        <SwitchesSection />
        <ModerationSection section={view.sectionUuid} />
        <WebhooksSection siteUuid={view.sectionUuid} />
        <LoginsSection siteUuid={view.sectionUuid} />
        <LegalSection />
      </div>
    );
  }
  return (
    <section className="vf-sset" part="base" aria-labelledby="vf-sset-title">
      <StaffTitle view={view} id="vf-sset-title" className="vf-sset__title" text={t(`${K}.title`)} />
      <OfflineNotice text={t(`${K}.offline`)} />
      {body}
    </section>
  );
}

export function SiteSettings(_props: SiteSettingsProps) {
  return (
    <ViewerProvider>
      <LoginPromptProvider>
        <Gate />
      </LoginPromptProvider>
    </ViewerProvider>
  );
}
