/*
 * A local stand-in for LoginRadius's page script (docs/login.md "Stand-ins"). It installs
 * `LoginRadiusV2` — the page makes `var LRObject = new LoginRadiusV2({ apiKey, appName, apiDomain })`
 * as with the real one — whose `$hooks` vf's adapter (core/identity/loginradius.ts) registers
 * `successCallback` and `logoutCallback` on, and `util.ready`. Signing in calls the stand-in
 * LoginRadius API (server/standins/loginradius.ts) at `apiDomain`; it never contacts LoginRadius.
 * demo/identity.html's buttons call `LRObject.api.login(email, password)`, `.fakeLogin()` and `.logout()`.
 */
(function () {
  function LoginRadiusV2(options) {
    var hooks = {};
    var self = this;
    var token = null;
    var api = String(options.apiDomain || '').replace(/\/+$/, '');
    this.options = options;
    this.$hooks = {
      register: function (name, fn) { (hooks[name] = hooks[name] || []).push(fn); },
      call: function (name, data) { (hooks[name] || []).forEach(function (fn) { fn(data); }); },
    };
    this.util = { ready: function (fn) { setTimeout(fn, 0); } };
    this.api = {
      login: function (email, password) {
        return fetch(api + '/identity/v2/auth/login?apikey=' + encodeURIComponent(options.apiKey), {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: email, password: password }),
        }).then(function (r) { return r.json(); }).then(function (body) {
          if (!body.access_token) { self.$hooks.call('errorCallback', body); return body; }
          token = body.access_token;
          self.$hooks.call('successCallback', body);
          return body;
        });
      },
      /** A token LoginRadius never issued (to see vf refuse it). */
      fakeLogin: function () { self.$hooks.call('successCallback', { access_token: 'not-a-loginradius-token' }); },
      logout: function () {
        var done = function () { token = null; self.$hooks.call('logoutCallback', {}); };
        if (!token) return Promise.resolve(done());
        return fetch(api + '/identity/v2/auth/access_token/invalidate?apikey=' + encodeURIComponent(options.apiKey), { headers: { authorization: 'Bearer ' + token } }).then(done, done);
      },
    };
  }
  window.LoginRadiusV2 = LoginRadiusV2;
})();
