import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { register } from 'vf-client';
import { App } from './App';

// The vf server this app talks to: here the one that serves it (in your app, its address).
register({ origin: window.location.origin });

createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);
