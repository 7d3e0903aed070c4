/**
 * <vf-conversations> when live updates stop: the widget says so and offers a retry, which
 * resubscribes. A mock feed refuses the first subscription, as a server at its limit would.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { Server } from 'mock-socket';
import type { ClientFrame } from '../../core/api/types.ts';
import { testConfig, unique } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $, buttonByText, waitFor } from './support/dom.ts';
import '../../elements/vf-conversations/define.ts';

const { realtimeUrl, siteUuid } = testConfig();
const server = new Server(`${realtimeUrl}?site_uuid=${encodeURIComponent(siteUuid)}`); // before boot
let refuse = true;
const subscribes: string[] = [];
server.on('connection', (socket) => {
  socket.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as ClientFrame;
    if (frame.type !== 'subscribe') return;
    subscribes.push(frame.subscription_id);
    socket.send(JSON.stringify(refuse
      ? { type: 'error', message: 'At most 100 subscriptions per socket', subscription_id: frame.subscription_id }
      : { type: 'subscribe_success', subscription_id: frame.subscription_id, seqs: {} }));
  });
});

before(async () => {
  await bootCore();
});

describe('<vf-conversations> realtime', () => {
  it('says live updates are paused and Retry resubscribes', async () => {
    const holder = await fixture<HTMLElement>(html`<div></div>`);
    holder.innerHTML = `<vf-conversations vf-container-id="${unique('paused')}"></vf-conversations>`;
    const el = holder.firstElementChild as HTMLElement;
    const notice = await waitFor(() => $(el, '[part="live-paused"]'), 'paused notice');
    expect(notice.getAttribute('role')).to.equal('status');
    expect(notice.textContent).to.contain('Live updates are paused.');
    refuse = false;
    buttonByText(el, 'Retry')!.click();
    await waitUntil(() => $(el, '[part="live-paused"]') === null, 'notice gone after retry');
    expect(subscribes.length).to.equal(2);
  });
});
