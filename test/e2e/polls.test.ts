// Polls end to end, on the demo pages with the built client and the real server: a guest votes
// on the story's poll (results hidden until then) and sees another reader's vote arrive live; the
// live blog's poll sits inside its post and takes a guest's several choices; where the site
// wants a login to vote, a guest's Vote opens the login dialog and voting follows the login.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Poll } from '../../core/api/pollTypes.ts';
import { DEMO_SITE } from '../../server/demo/index.ts';
import { browser, completeLogin, server, useServerAndBrowser } from './setup.ts';

useServerAndBrowser();
const base = () => `${server.origin}/api/polls/${DEMO_SITE.uuid}`;

async function pollOf(pollId: string): Promise<Poll> {
  const response = await fetch(`${base()}?poll_id=${pollId}`);
  return ((await response.json()) as { result: Poll }).result;
}

describe('polls on the demo pages', () => {
  it('a guest votes on the story\'s poll, then sees the results and another reader\'s vote live', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.origin}/demo/poll.html`);
    const poll = page.locator('vf-poll[poll-id="stadium-plan"]');
    await poll.getByText('Results show once you have voted.').waitFor();
    await poll.getByRole('radio', { name: 'Yes, as planned' }).check();
    await poll.getByRole('button', { name: 'Vote' }).click();
    await poll.getByText('6 votes').waitFor(); // five demo readers, then this guest
    assert.equal(await poll.getByRole('meter', { name: /Yes, as planned/ }).getAttribute('aria-valuetext'), '4 votes, 67%');

    // Another browser votes: the after-vote poll's counts are not public, so this page reads it again.
    const stadium = await pollOf('stadium-plan');
    const response = await fetch(`${base()}/${stadium.uuid}/votes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ options: [stadium.options[2]!.uuid], voter_token: `e2e-other-browser-${Date.now()}` }),
    });
    assert.equal(response.status, 200);
    await poll.getByText('7 votes').waitFor();
    assert.equal(await poll.getByRole('meter', { name: /^No/ }).getAttribute('aria-valuetext'), '2 votes, 29%');

    // Once is once: the page, reloaded, shows this browser's vote and no ballot.
    await page.reload();
    await poll.getByText('7 votes').waitFor();
    assert.equal(await poll.getByRole('button', { name: 'Vote' }).count(), 0);
    await page.close();
  });

  it('the live blog\'s poll sits inside its post and takes several choices', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.origin}/demo/liveblog.html`);
    const post = page.locator('vf-liveblog article', { hasText: 'river bridge at km 12' });
    const poll = post.locator('vf-poll');
    await poll.getByRole('group', { name: 'Where are you following the race from?' }).waitFor();
    await poll.getByRole('checkbox', { name: 'At the finish' }).check();
    await poll.getByRole('checkbox', { name: 'At home' }).check();
    await poll.getByRole('button', { name: 'Vote' }).click();
    await poll.getByText('6 votes').waitFor();
    assert.deepEqual((await pollOf('liveblog-bridge-poll')).options.map((o) => o.votes), [1, 3, 3, 2]);
    await page.close();
  });

  it('where the site wants a login to vote, a guest is asked to log in, then votes', async () => {
    const settings = async (change: object) => {
      const login = await fetch(`${server.origin}/api/v2/users/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@vf.local', password: 'admin-demo-1', section: DEMO_SITE.uuid }),
      });
      const { access_token } = ((await login.json()) as { result: { access_token: string } }).result;
      const response = await fetch(`${server.origin}/api/v2/settings`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` }, body: JSON.stringify({ ...change, verb: 'PATCH', section: DEMO_SITE.uuid }),
      });
      assert.equal(response.status, 200);
    };
    await settings({ require_user_authentication_to_vote: true });
    const page = await browser.newPage();
    try {
      await page.goto(`${server.origin}/demo/poll.html`);
      const poll = page.locator('vf-poll[poll-id="stadium-plan"]');
      await poll.getByRole('radio', { name: 'No' }).check();
      await poll.getByRole('button', { name: 'Log in to vote' }).click();
      await poll.getByRole('dialog').waitFor();
      await completeLogin(page, `voter-${Date.now()}@example.com`, 'correct horse battery', 'Login Voter');
      // Signed in, the reader has not voted: the ballot is back, and the vote goes in as the account.
      await poll.getByRole('radio', { name: 'No' }).check();
      await poll.getByRole('button', { name: 'Vote' }).click();
      await poll.getByText('(your choice)').waitFor();
      assert.equal(await poll.getByRole('meter').count(), 3);
    } finally {
      await page.close();
      await settings({ require_user_authentication_to_vote: false });
    }
  });
});
