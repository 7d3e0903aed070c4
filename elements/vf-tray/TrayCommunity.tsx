/**
 * The tray's community view (content.md §2 tray view vf-community): the site's top users, then
 * its latest and most popular comments, rendered by the same components as <vf-users>,
 * <vf-community-comments> and <vf-community-popular>, with their default settings.
 * User ratings (<vf-user-ratings>) are not part of this view; they would go after the lists.
 */
import { CommunityComments, CommunityPopular, Users } from '../community/CommunityViews.tsx';

export function TrayCommunity() {
  return (
    <div className="vf-tray__community" part="community">
      <Users headingLevel={3} />
      <CommunityComments headingLevel={3} />
      <CommunityPopular headingLevel={3} />
    </div>
  );
}
