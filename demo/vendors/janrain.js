/*
 * A local stand-in for Janrain's widget (engage.js; docs/login.md "Stand-ins"). The vf server
 * serves it as /demo/vendors/janrain.js. The page's embed code makes `window.janrain` (settings,
 * `ready`), as with the real widget; a moment after loading, this script adds
 * `janrain.events.onProviderLoginToken` and `onCaptureSessionEnded` (each with `addHandler`), the
 * events vf's adapter (core/identity/janrain.ts) listens to. Signing in asks the Janrain stand-in
 * server (`janrain.settings.appUrl`, default /demo/standin/janrain) for a one-time token, keeps it
 * in localStorage `janrainCaptureToken` and hands it to the handlers. Into every element with
 * `data-janrain-standin` it renders (demo/standin-panel.js, loaded first) "Sign in with Janrain as …", "Sign out of Janrain" and
 * "Send an unknown Janrain token" (a refused path). It never contacts Janrain.
 */
(function () {
  var janrain = (window.janrain = window.janrain || {});
  janrain.settings = janrain.settings || {};
  var appUrl = janrain.settings.appUrl || '/demo/standin/janrain';
  var panel = window.vfStandInPanel; // demo/standin-panel.js
  var TOKEN_KEY = 'janrainCaptureToken';
  var NAME_KEY = 'vf-standin-janrain';

  function event() {
    var list = [];
    return {
      addHandler: function (fn) { if (typeof fn === 'function') list.push(fn); },
      removeHandler: function (fn) { list = list.filter(function (f) { return f !== fn; }); },
      fire: function (payload) { list.slice().forEach(function (fn) { fn(payload); }); },
    };
  }
  function read(key) {
    try { return localStorage.getItem(key); } catch (e) { return null; }
  }
  function write(key, value) {
    try { if (value) localStorage.setItem(key, value); else localStorage.removeItem(key); } catch (e) { /* storage blocked */ }
  }

  function signIn(id) {
    fetch(appUrl + '/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ identifier: id }).toString(),
    })
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        if (answer.stat !== 'ok') return;
        write(TOKEN_KEY, answer.token);
        write(NAME_KEY, id);
        render();
        if (janrain.events) janrain.events.onProviderLoginToken.fire({ token: answer.token });
      });
  }
  function signOut() {
    var was = read(TOKEN_KEY);
    write(TOKEN_KEY, null);
    write(NAME_KEY, null);
    render();
    if (was && janrain.events) janrain.events.onCaptureSessionEnded.fire({});
  }
  // A token Janrain never issued, kept and handed over as a real one: vf refuses it ('Social login failed.').
  function unknownToken() {
    var token = 'unknown-' + Date.now().toString(16);
    write(TOKEN_KEY, token);
    if (janrain.events) janrain.events.onProviderLoginToken.fire({ token: token });
  }

  // The widget's events exist only once it has started (vf registers its handlers when they do).
  setTimeout(function () {
    janrain.events = { onProviderLoginToken: event(), onCaptureSessionEnded: event() };
  }, 300);

  function render() {
    var signedIn = read(TOKEN_KEY) && read(NAME_KEY);
    var actions = panel.readers.map(function (reader) {
      return ['Sign in with Janrain as ' + reader.name, function () { signIn(reader.id); }];
    });
    actions.push(['Sign out of Janrain', signOut], ['Send an unknown Janrain token', unknownToken]);
    panel('[data-janrain-standin]', signedIn ? 'Janrain stand-in: signed in as ' + panel.nameOf(signedIn) : 'Janrain stand-in: signed out', actions);
  }
  panel.whenReady(render);
})();
