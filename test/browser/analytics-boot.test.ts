/**
 * Boot starts analytics by itself, after ready and in idle time (core/analytics/lazy.ts), on the
 * page's own identity; teardown stops it and sends what accumulated by beacon.
 */
import { expect } from '@open-wc/testing';
import { teardown } from '../../core/boot.ts';
import { readPageIdentity } from '../../core/page/identity.ts';
import { sent, sentEvents } from './support/analyticsClient.ts';
import { bootCore } from './support/boot.ts';
import { waitFor } from './support/dom.ts';

describe('analytics started by boot', () => {
  it('sends the page view of the page after ready, and stops on teardown', async () => {
    const bootStarted = performance.now();
    await bootCore();
    expect(sent).to.have.length(0, 'nothing on the first paint\'s path');
    await waitFor(() => sentEvents('page_view').length > 0, 'page view', 8000);
    expect(performance.now() - bootStarted).to.be.at.least(3000, 'the first send is 3 s after start');
    const [view] = sentEvents('page_view');
    expect(view!.meta.url).to.equal(readPageIdentity(document, location.href).url);
    dispatchEvent(new PointerEvent('pointermove'));
    await new Promise((resolve) => setTimeout(resolve, 700));
    teardown();
    const count = sent.length;
    expect(sentEvents('engage')).to.have.length(1, 'sent at teardown');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(sent.length).to.equal(count, 'stopped');
  });
});
