/**
 * The page: the identity the loader read, the current address (watched on load and on hash
 * change, spec §2), and the stored page the server returned (its id is the page context's id).
 * Actions are events: `page/identified`, `page/urlChanged`, `page/stored`.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Page } from '../api/types.ts';
import { readAddress, type PageIdentity } from './identity.ts';

export interface PageState {
  identity: PageIdentity | null;
  /** The address as last seen (location.href). */
  href: string | null;
  /** The server's record of this page (POST /pages), null until it answered. */
  stored: Page | null;
}

const initialState: PageState = { identity: null, href: null, stored: null };

export const pageSlice = createSlice({
  name: 'page',
  initialState,
  reducers: {
    identified(state, action: PayloadAction<PageIdentity>) {
      state.identity = action.payload;
    },
    urlChanged(state, action: PayloadAction<string>) {
      state.href = action.payload;
      if (state.identity) Object.assign(state.identity, readAddress(action.payload));
    },
    stored(state, action: PayloadAction<Page>) {
      state.stored = action.payload;
      if (state.identity) state.identity.id = action.payload.id;
    },
  },
});

export const { identified: pageIdentified, urlChanged: pageUrlChanged, stored: pageStored } = pageSlice.actions;

type WithPage = { page: PageState };

export const selectPage = (state: WithPage): PageIdentity | null => state.page.identity;
export const selectStoredPage = (state: WithPage): Page | null => state.page.stored;

/** What `window.vf` exposes as the page context: the identity, with the stored page's id. */
export function selectPageContext(state: WithPage): (PageIdentity & { id?: string }) | null {
  const identity = state.page.identity;
  if (!identity) return null;
  return state.page.stored ? { ...identity, id: state.page.stored.id } : identity;
}
