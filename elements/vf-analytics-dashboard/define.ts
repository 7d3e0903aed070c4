// Chunk entry for <vf-analytics-dashboard>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { analyticsDashboardElement } from './element.ts';
import type { AnalyticsDashboardProps } from './AnalyticsDashboard.tsx';

defineElement('vf-analytics-dashboard', analyticsDashboardElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-analytics-dashboard': HTMLElement & AnalyticsDashboardProps;
  }
}
