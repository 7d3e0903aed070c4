/*
 * A local stand-in for SAP Gigya's web SDK (docs/login.md "Stand-ins"). The vf server serves it
 * as /demo/vendors/gigya.js. It installs `window.gigya` with the calls vf's adapter
 * (core/identity/gigya.ts) uses — `accounts.addEventHandlers({ onLogin, onLogout })`,
 * `accounts.getAccountInfo({ callback })` — plus `accounts.login` / `accounts.logout`, and asks
 * the Gigya stand-in server (data-api-base, default /demo/standin/gigya) for signed UIDs. Into
 * every element with `data-gigya-standin` it renders (demo/standin-panel.js, loaded first) the vendor's side: "Sign in to Gigya as …",
 * "Sign out of Gigya", and "Send a forged signature" (a refused path); its `data-listeners`
 * attribute counts the `onLogin` handlers (vf's, once its adapter runs). It never contacts Gigya.
 */
(function () {
  var script = document.currentScript;
  var apiKey = (script && script.getAttribute('data-api-key')) || '';
  var apiBase = (script && script.getAttribute('data-api-base')) || '/demo/standin/gigya';
  var panel = window.vfStandInPanel; // demo/standin-panel.js
  var STORAGE_KEY = 'vf-standin-gigya';
  var handlers = { onLogin: [], onLogout: [] };
  var state = { signedIn: null };

  function post(path, form) {
    return fetch(apiBase + '/' + path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    }).then(function (response) { return response.json(); });
  }
  function stored() {
    try { return localStorage.getItem(STORAGE_KEY); } catch (e) { return null; }
  }
  function store(value) {
    try { if (value) localStorage.setItem(STORAGE_KEY, value); else localStorage.removeItem(STORAGE_KEY); } catch (e) { /* storage blocked */ }
  }
  function fire(name, event) {
    handlers[name].slice().forEach(function (fn) { fn(event); });
  }

  var accounts = {
    addEventHandlers: function (params) {
      if (params && typeof params.onLogin === 'function') handlers.onLogin.push(params.onLogin);
      if (params && typeof params.onLogout === 'function') handlers.onLogout.push(params.onLogout);
      render();
    },
    // Gigya signs the UID afresh on each call: the stand-in asks its server again.
    getAccountInfo: function (params) {
      var callback = (params && params.callback) || function () {};
      var id = stored();
      if (!id) return callback({ errorCode: 403005, errorMessage: 'Unauthorized user', status: 'FAIL' });
      post('accounts.login', { apiKey: apiKey, loginID: id }).then(callback);
    },
    login: function (params) {
      return post('accounts.login', { apiKey: apiKey, loginID: params.loginID }).then(function (answer) {
        if (answer.errorCode === 0) {
          store(params.loginID);
          state.signedIn = params.loginID;
          fire('onLogin', { eventName: 'login', provider: 'site', UID: answer.UID, UIDSignature: answer.UIDSignature, signatureTimestamp: answer.signatureTimestamp, profile: answer.profile });
        }
        if (params.callback) params.callback(answer);
        render();
      });
    },
    logout: function (params) {
      var was = state.signedIn;
      store(null);
      state.signedIn = null;
      if (was) fire('onLogout', { eventName: 'logout' });
      if (params && params.callback) params.callback({ errorCode: 0 });
      render();
    },
  };
  window.gigya = { accounts: accounts, socialize: { addEventHandlers: accounts.addEventHandlers } };
  state.signedIn = stored();

  // A signature that is not Gigya's: vf refuses it ('Social login failed.').
  function forged() {
    post('accounts.login', { apiKey: apiKey, loginID: 'ada' }).then(function (answer) {
      fire('onLogin', { eventName: 'login', UID: answer.UID, UIDSignature: 'Zm9yZ2VkIHNpZ25hdHVyZQ==', signatureTimestamp: answer.signatureTimestamp });
    });
  }

  function render() {
    var actions = panel.readers.map(function (reader) {
      return ['Sign in to Gigya as ' + reader.name, function () { accounts.login({ loginID: reader.id }); }];
    });
    actions.push(['Sign out of Gigya', function () { accounts.logout(); }], ['Send a forged Gigya signature', forged]);
    var status = state.signedIn ? 'Gigya stand-in: signed in as ' + panel.nameOf(state.signedIn) : 'Gigya stand-in: signed out';
    // How many page scripts (vf's adapter) listen to Gigya's logins: the demo shows it, tests wait for it.
    panel('[data-gigya-standin]', status, actions, { 'data-listeners': String(handlers.onLogin.length) });
  }
  panel.whenReady(render);
})();
