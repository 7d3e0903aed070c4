import { createApp } from 'vue';
import { register } from 'vf-client';
import App from './App.vue';

// The vf server this app talks to: here the one that serves it (in your app, its address).
register({ origin: window.location.origin });

createApp(App).mount('#app');
