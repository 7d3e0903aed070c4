// <vf-analytics-dashboard>'s period rules (elements/vf-analytics-dashboard/period.ts) and its
// charts' axis (charts/DayChart.tsx): what an admin may ask for, and what the axis shows.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DASHBOARD_MAX_DAYS, dayMs } from '../../core/api/analyticsTypes.ts';
import { parsePreset, periodDays, periodProblem, presetPeriod } from '../../elements/vf-analytics-dashboard/period.ts';
import { labelledDays, niceMax } from '../../elements/vf-analytics-dashboard/charts/DayChart.tsx';

const NOW = Date.parse('2026-11-26T03:00:00Z');

describe('dashboard period', () => {
  it('a preset is the last N UTC days, today included', () => {
    assert.deepEqual(presetPeriod(7, NOW), { from: '2026-11-20', to: '2026-11-26' });
    assert.deepEqual(presetPeriod(30, NOW), { from: '2026-10-28', to: '2026-11-26' });
    assert.equal(periodDays(presetPeriod(90, NOW)), 90);
  });

  it('the preset attribute takes 7, 30 or 90; anything else is 30', () => {
    assert.equal(parsePreset('7'), 7);
    assert.equal(parsePreset('90'), 90);
    for (const bad of [undefined, '', '14', 'x', '30.5']) assert.equal(parsePreset(bad), 30);
  });

  it('custom dates must be real days, in order, not after today and at most the longest period', () => {
    assert.equal(periodProblem({ from: '2026-11-01', to: '2026-11-26' }, NOW), null);
    assert.equal(periodProblem({ from: '2026-11-26', to: '2026-11-26' }, NOW), null);
    assert.equal(periodProblem({ from: '', to: '2026-11-26' }, NOW), 'missing');
    assert.equal(periodProblem({ from: '2026-02-30', to: '2026-11-26' }, NOW), 'invalid');
    assert.equal(periodProblem({ from: '2026-11-10', to: '2026-11-01' }, NOW), 'order');
    assert.equal(periodProblem({ from: '2026-11-01', to: '2026-11-27' }, NOW), 'future');
    const longest = { from: '2025-11-26', to: '2026-11-26' };
    assert.equal(periodDays(longest), 366);
    assert.equal(periodProblem(longest, NOW), DASHBOARD_MAX_DAYS >= 366 ? null : 'tooLong');
    assert.equal(periodProblem({ from: '2025-11-25', to: '2026-11-26' }, NOW), 'tooLong');
    assert.ok(Number.isNaN(dayMs('26/11/2026')));
  });
});

describe('dashboard day chart axis', () => {
  it('rounds the top of the axis up to 1, 2 or 5 times a power of ten', () => {
    assert.deepEqual([0, 1, 3, 7, 12, 180, 4300].map(niceMax), [1, 1, 5, 10, 20, 200, 5000]);
  });

  it('labels at most four days, the first and the last among them', () => {
    assert.deepEqual(labelledDays(3), [0, 1, 2]);
    assert.deepEqual(labelledDays(30), [0, 10, 19, 29]);
  });
});
