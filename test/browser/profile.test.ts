/**
 * <vf-tray>'s profile view against the real server: a signed-in reader renames themself and
 * uploads a picture; an upload the server refuses rolls back to the previous picture with an
 * error, and removing the picture clears it. Then the follow and mute calls: the optimistic mute
 * (unfollow first, user/reload) and its silent rollback.
 */
import { expect } from '@open-wc/testing';
import '../../elements/vf-tray/define.ts';
import { getTrayState, trayActions } from '../../core/mount/tray.ts';
import { loggedIn } from '../../core/session/slice.ts';
import { writeTokens } from '../../core/session/storage.ts';
import { getStore } from '../../core/store/index.ts';
import type { User } from '../../core/api/types.ts';
import { profilesApi } from '../../core/api/profiles.ts';
import { bootCore, published } from './support/boot.ts';
import { newReader, testConfig, type Reader } from './support/api.ts';
import { $, buttonByText, typeInto, waitFor } from './support/dom.ts';

/** A real 1×1 PNG. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

async function serverUser(reader: Reader): Promise<User> {
  const res = await fetch(`${testConfig().apiBase}/users/${reader.auth.user.uuid}`);
  return ((await res.json()) as { result: User }).result;
}

/** Chooses `file` in the editor's file input, as the browser's file picker would. */
function choose(el: Element, file: File): void {
  const input = $<HTMLInputElement>(el, 'input[type="file"]')!;
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

const picture = (el: Element) => $<HTMLImageElement>(el, '.vf-profile__avatar img')?.getAttribute('src') ?? null;

describe('<vf-tray> profile', () => {
  let reader: Reader;
  let el: Element;

  before(async () => {
    await bootCore();
    reader = await newReader('Profile Reader');
    writeTokens(reader.auth);
    getStore().dispatch(loggedIn(reader.auth));
    // Boot puts the page's one tray on the page.
    el = await waitFor(() => document.querySelector('vf-tray'), 'the page tray');
    trayActions.open('profile');
    await waitFor(() => $(el, 'dialog[open] input[name="name"]'), 'profile editor');
  });

  after(() => trayActions.close());

  it('renames the reader: the name is saved on the server and a status says so', async () => {
    expect(getTrayState().view).to.equal('profile');
    typeInto($<HTMLInputElement>(el, 'input[name="name"]')!, 'Ada Renamed');
    buttonByText(el, 'Save name')!.click();
    const status = await waitFor(() => $(el, '[part="profile-editor"] [role="status"]'), 'saved status');
    expect(status.textContent).to.equal('Your profile was updated.');
    expect((await serverUser(reader)).name).to.equal('Ada Renamed');
    await waitFor(() => $(el, '.vf-tray__name')?.textContent === 'Ada Renamed', 'name shown');
  });

  it('refuses an empty name without calling the server, keeping what was typed', async () => {
    typeInto($<HTMLInputElement>(el, 'input[name="name"]')!, '   ');
    buttonByText(el, 'Save name')!.click();
    const error = await waitFor(() => $(el, '.vf-profile__name .vf-error'), 'name error');
    expect(error.textContent).to.equal('Enter a name of up to 50 characters.');
    expect($<HTMLInputElement>(el, 'input[name="name"]')!.getAttribute('aria-invalid')).to.equal('true');
    expect((await serverUser(reader)).name).to.equal('Ada Renamed');
  });

  it('uploads a picture and shows it from the API origin', async () => {
    choose(el, new File([PNG], 'me.png', { type: 'image/png' }));
    const src = await waitFor(() => picture(el)?.startsWith(`${testConfig().origin}/avatars/`) && picture(el), 'uploaded picture');
    expect((await serverUser(reader)).pic_large).to.equal(new URL(src).pathname);
  });

  it('rolls back to the previous picture when the server refuses the upload', async () => {
    const before = picture(el);
    // Declared as PNG (passes the browser's check) but not one: the server refuses it.
    choose(el, new File(['<svg onload="alert(1)"></svg>'], 'fake.png', { type: 'image/png' }));
    const alert = await waitFor(() => $(el, '[part="profile-editor"] [role="alert"]'), 'error alert');
    expect(alert.textContent).to.equal('Your change could not be saved. Try again.');
    await waitFor(() => picture(el) === before, 'previous picture back');
    expect(new URL(before!).pathname).to.equal((await serverUser(reader)).pic_large);
  });

  it('checks type and size before uploading', async () => {
    choose(el, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    const error = await waitFor(() => $(el, '.vf-profile__avatar .vf-error'), 'file error');
    expect(error.textContent).to.equal('Choose a PNG, JPEG, WebP or GIF image.');
    choose(el, new File([PNG, new Uint8Array(2 * 1024 * 1024)], 'big.png', { type: 'image/png' }));
    await waitFor(() => $(el, '.vf-profile__avatar .vf-error')?.textContent === 'This picture is larger than 2 MB.', 'size error');
  });

  it('removes the picture', async () => {
    buttonByText(el, 'Remove picture')!.click();
    await waitFor(() => picture(el) === null, 'initials shown');
    await waitFor(() => $(el, '[part="profile-editor"] [role="status"]'), 'saved status');
    expect((await serverUser(reader)).pic_large).to.equal(null);
    expect(buttonByText(el, 'Remove picture')).to.equal(null);
  });

  it('is accessible', async () => {
    await expect(el).to.be.accessible();
  });
});

describe('follow and mute calls (core/api/profiles.ts)', () => {
  let reader: Reader;
  let other: Reader;
  const store = () => getStore();

  before(async () => {
    await bootCore();
    reader = await newReader('Muting Reader');
    other = await newReader('Followed Person');
    writeTokens(reader.auth);
    store().dispatch(loggedIn(reader.auth));
  });

  const cachedUser = (uuid: string) => profilesApi.endpoints.user.select(uuid)(store().getState()).data;
  const cachedMutes = () => profilesApi.endpoints.mutes.select(reader.auth.user.uuid)(store().getState()).data;

  it('muting a followed user unfollows first, marks them muted in the caches and publishes user/reload', async () => {
    await store().dispatch(profilesApi.endpoints.follow.initiate({ uuid: other.auth.user.uuid, pageId: 'profile-test' })).unwrap();
    await store().dispatch(profilesApi.endpoints.user.initiate(other.auth.user.uuid)).unwrap();
    await store().dispatch(profilesApi.endpoints.mutes.initiate(reader.auth.user.uuid)).unwrap();
    expect(cachedUser(other.auth.user.uuid)?.date_following).to.be.a('number');

    await store().dispatch(profilesApi.endpoints.mute.initiate({ uuid: other.auth.user.uuid })).unwrap();
    expect(cachedUser(other.auth.user.uuid)?.date_muted).to.be.a('number');
    expect(cachedUser(other.auth.user.uuid)?.date_following).to.equal(null);
    expect(cachedMutes()?.items.map((m) => m.uuid)).to.deep.equal([other.auth.user.uuid]);
    expect(published.some((e) => e.channel === 'user' && e.name === 'reload')).to.equal(true);
    const followers = await fetch(`${testConfig().apiBase}/followers/${other.auth.user.uuid}`).then((r) => r.json());
    expect(followers.result.total_count).to.equal(0);
  });

  it('a mute the server refuses is rolled back silently', async () => {
    const self = reader.auth.user.uuid;
    await store().dispatch(profilesApi.endpoints.user.initiate(self)).unwrap();
    const before = cachedMutes();
    // The server refuses muting yourself (403): the optimistic marks must go.
    const result = await store().dispatch(profilesApi.endpoints.mute.initiate({ uuid: self }));
    expect(result.error).to.not.equal(undefined);
    expect(cachedMutes()).to.deep.equal(before);
    expect(cachedUser(self)?.date_muted ?? null).to.equal(null);
  });
});
