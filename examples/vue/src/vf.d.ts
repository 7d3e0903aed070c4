// The elements' types in templates: props (`vf-container-id`, `limit`…) and events (`@vf-login-success`).
import type {} from 'vf-client/vue';
