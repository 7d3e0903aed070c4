// demo/identity.html: the page's Janrain embed code, as Janrain gives it to publishers (minus the
// CDN script), before the stand-in (demo/vendors/janrain.js) loads.
window.janrain = window.janrain || {};
window.janrain.settings = window.janrain.settings || {};
window.janrain.settings.tokenAction = 'event';
window.janrain.settings.appUrl = '/demo/standin/janrain';
window.janrain.ready = true;
