/** Typed react-redux hooks: components use these, never the untyped ones. */
import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './index.ts';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
