import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from './api';
import { languageChanged, sessionCleared, sessionReducer, sessionStarted, userUpdated, type SessionState } from './sessionSlice';
import { formatDate } from './dates';
import { removeStorage, sessionStorageKeys, storageKeys, writeStorage } from './storage';

const rootReducer = combineReducers({ session: sessionReducer, [api.reducerPath]: api.reducer });
export type RootState = ReturnType<typeof rootReducer>;

/** Browser storage mirrors the session; reducers stay pure, this listener does the writing. */
const persistence = createListenerMiddleware();
persistence.startListening({
  actionCreator: sessionStarted,
  effect: ({ payload }) => {
    const { user } = payload;
    writeStorage(storageKeys.token, payload.token);
    writeStorage(storageKeys.publicToken, payload.publicToken);
    writeStorage(storageKeys.companyId, String(user.companyId));
    writeStorage(storageKeys.companyDueDate, formatDate(user.company.dueDate));
    writeStorage(storageKeys.profileImage, user.profileImage ?? '');
    writeStorage(storageKeys.language, user.language);
    // The campaign routes exist only while this flag does.
    if (user.company.plan.useCampaigns) writeStorage(storageKeys.campaignsFlag, 'true');
    else removeStorage(storageKeys.campaignsFlag);
  },
});
persistence.startListening({
  actionCreator: sessionCleared,
  effect: (_action, api) => {
    for (const key of sessionStorageKeys) removeStorage(key);
    api.dispatch(apiReset());
  },
});
persistence.startListening({
  actionCreator: languageChanged,
  effect: ({ payload }) => writeStorage(storageKeys.language, payload),
});
persistence.startListening({
  actionCreator: userUpdated,
  effect: ({ payload }) => {
    if (payload.language) writeStorage(storageKeys.language, payload.language);
  },
});

const apiReset = () => api.util.resetApiState();

export const createAppStore = (preloaded?: { session: SessionState }) =>
  configureStore({
    reducer: rootReducer,
    preloadedState: preloaded,
    middleware: (getDefault) => getDefault().prepend(persistence.middleware).concat(api.middleware),
  });

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
