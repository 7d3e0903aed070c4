/**
 * <SocialButtons> (elements/ui/SocialButtons.tsx): one accessible button per provider the site
 * enables, in the spec's order, and a translated message when the popup cannot open.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { createElement as h } from 'react';
import { resolveSiteSettings } from '../../core/settings/site.ts';
import { bootstrapped } from '../../core/session/slice.ts';
import { getStore } from '../../core/store/index.ts';
import { defineElement } from '../../elements/ui/defineElement.ts';
import { SocialButtons } from '../../elements/ui/SocialButtons.tsx';
import { $, $$, waitFor } from './support/dom.ts';
import { bootCore, published } from './support/boot.ts';

defineElement('vf-test-social', { component: () => h(SocialButtons, {}), props: {} });

function siteWith(providers: string | null): void {
  const state = getStore().getState().session;
  getStore().dispatch(
    bootstrapped({
      user: null,
      settings: resolveSiteSettings({ authprovider_social_providers: providers }),
      sectionTree: { section_id: state.sectionUuid ?? '', name: 'test', children: [] },
      section_uuid: state.sectionUuid ?? '',
      session: state.session ?? '',
    }),
  );
}

describe('<SocialButtons>', () => {
  before(() => bootCore());

  it('shows nothing when the site enables no provider', async () => {
    siteWith(null);
    const el = await fixture(html`<vf-test-social></vf-test-social>`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect($$(el, 'button')).to.have.length(0);
  });

  it('shows one named button per enabled provider, in the spec order, in a labelled group', async () => {
    siteWith('windowslive, myspace,google');
    const el = await fixture(html`<vf-test-social></vf-test-social>`);
    await waitFor(() => $(el, 'button'), 'buttons');
    expect($$(el, 'button').map((b) => b.textContent)).to.deep.equal(['Continue with Google', 'Continue with Microsoft']);
    expect($(el, '[role="group"]')?.getAttribute('aria-label')).to.equal('Log in with another account');
    await expect(el).to.be.accessible();
  });

  it('says so when the browser blocks the popup, and publishes the failure', async () => {
    siteWith('google');
    const el = await fixture(html`<vf-test-social></vf-test-social>`);
    const button = await waitFor(() => $<HTMLButtonElement>(el, 'button'), 'button');
    const open = window.open;
    window.open = () => null;
    try {
      button.click();
      await waitUntil(() => $(el, '[role="alert"]'), 'message');
    } finally {
      window.open = open;
    }
    expect($(el, '[role="alert"]')?.textContent).to.equal('Your browser blocked the sign-in window. Allow pop-ups for this site and try again.');
    expect(button.getAttribute('aria-busy')).to.equal(null);
    const failure = published.filter((e) => e.name === 'login_failure').at(-1)?.payload as { type: string } | undefined;
    expect(failure?.type).to.equal('social');
  });
});
