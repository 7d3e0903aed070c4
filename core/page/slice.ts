/** The page identity the loader read, kept in the store so elements and calls share it. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PageIdentity } from './identity.ts';

export interface PageState {
  identity: PageIdentity | null;
}

const initialState: PageState = { identity: null };

export const pageSlice = createSlice({
  name: 'page',
  initialState,
  reducers: {
    identified(state, action: PayloadAction<PageIdentity>) {
      state.identity = action.payload;
    },
  },
});

export const { identified: pageIdentified } = pageSlice.actions;

export const selectPage = (state: { page: PageState }): PageIdentity | null => state.page.identity;
