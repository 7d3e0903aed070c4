import { mount } from 'svelte';
import { register } from 'vf-client';
import App from './App.svelte';

// The vf server this app talks to: here the one that serves it (in your app, its address).
register({ origin: window.location.origin });

mount(App, { target: document.getElementById('app')! });
