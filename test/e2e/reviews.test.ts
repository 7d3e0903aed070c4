// Reviews end to end, on the demo cookbook page with the built client and the real server: a
// guest sees the seeded average, its bars and the reviews (with their structured data), logs in
// from the review form, rates by keyboard and posts; the average and the list take the review in.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { browser, completeLogin, server, useServerAndBrowser } from './setup.ts';

useServerAndBrowser();

describe('reviews on the demo cookbook', () => {
  it('a guest reads the seeded reviews, signs up from the form, rates with the keyboard and sees the average move', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.origin}/demo/reviews.html`);
    const summary = page.locator('vf-average-rating:not([compact])');
    await summary.getByText('5 ratings').waitFor();
    assert.equal(await summary.locator('[part="value"]').textContent(), '3.8');
    assert.equal(await summary.getByText('5 stars: 2 reviews').count(), 1);

    const reviews = page.locator('vf-reviews');
    await reviews.getByText('The only bread book I still cook from').waitFor();
    await reviews.getByLabel('Sort by').selectOption('lowest');
    await reviews.locator('[part="review"]').first().getByText('Too ambitious for beginners').waitFor();
    const ld = JSON.parse((await page.locator('head script[type="application/ld+json"][data-vf-reviews]').textContent())!);
    assert.deepEqual(ld.aggregateRating, { '@type': 'AggregateRating', ratingValue: 3.8, ratingCount: 5, reviewCount: 5, bestRating: 5, worstRating: 1 });
    // The top reviewer's ratings are below the reviews' box: they load as the reader scrolls to them.
    await page.locator('vf-user-ratings').scrollIntoViewIfNeeded();
    await page.locator('vf-user-ratings').getByText('The only bread book I still cook from').waitFor();

    const form = page.locator('vf-review-form');
    await form.getByRole('button', { name: 'Log in' }).click();
    const email = `baker-${Date.now()}@example.com`;
    await completeLogin(page, email, 'correct horse battery', 'Nell Baker');
    await form.getByRole('radio', { name: '1 star', exact: true }).focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    assert.equal(await form.getByRole('radio', { name: '5 stars' }).isChecked(), true);
    await form.getByLabel('Title (optional)').fill('Our Sunday loaf now');
    await form.getByRole('button', { name: 'Post review' }).click();
    await form.getByRole('button', { name: 'Edit your review' }).waitFor();

    await summary.getByText('6 ratings').waitFor();
    assert.equal(await summary.locator('[part="value"]').textContent(), '4');
    await reviews.getByText('Our Sunday loaf now').waitFor();
    await page.close();
  });
});
