/*
 * A local stand-in for LoginRadius's page script (docs/login.md "Stand-ins"). It installs
 * `LoginRadiusV2` — the page makes `var LRObject = new LoginRadiusV2({ apiKey, appName, apiDomain })`
 * as with the real one — whose `$hooks` vf's adapter (core/identity/loginradius.ts) registers
 * `successCallback` and `logoutCallback` on, and `util.ready`. Signing in calls the stand-in
 * LoginRadius API (server/standins/loginradius.ts) at `apiDomain`; it never contacts LoginRadius.
 * Into every element with `data-loginradius-standin` it renders (demo/standin-panel.js, loaded
 * first) the vendor's side: "Sign in to LoginRadius as …", a token LoginRadius never issued (a
 * refused path) and "Sign out of LoginRadius".
 */
(function () {
  var panel = window.vfStandInPanel; // demo/standin-panel.js
  var READERS = [
    { name: 'Ada Radius', email: 'ada@loginradius.test', password: 'ada-demo-1' },
    { name: 'Ben Radius', email: 'ben@loginradius.test', password: 'ben-demo-1' },
  ];

  function LoginRadiusV2(options) {
    var hooks = {};
    var self = this;
    var token = null;
    var signedIn = null;
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
          signedIn = body.Profile && body.Profile.FullName ? body.Profile.FullName : email;
          render();
          self.$hooks.call('successCallback', body);
          return body;
        });
      },
      /** A token LoginRadius never issued (to see vf refuse it). */
      fakeLogin: function () { self.$hooks.call('successCallback', { access_token: 'not-a-loginradius-token' }); },
      logout: function () {
        var done = function () { token = null; signedIn = null; render(); self.$hooks.call('logoutCallback', {}); };
        if (!token) return Promise.resolve(done());
        return fetch(api + '/identity/v2/auth/access_token/invalidate?apikey=' + encodeURIComponent(options.apiKey), { headers: { authorization: 'Bearer ' + token } }).then(done, done);
      },
    };

    function render() {
      var actions = READERS.map(function (reader) {
        return ['Sign in to LoginRadius as ' + reader.name, function () { self.api.login(reader.email, reader.password); }];
      });
      actions.push(['Sign in with a token LoginRadius never issued', self.api.fakeLogin], ['Sign out of LoginRadius', function () { self.api.logout(); }]);
      panel('[data-loginradius-standin]', signedIn ? 'LoginRadius stand-in: signed in as ' + signedIn : 'LoginRadius stand-in: signed out', actions);
    }
    panel.whenReady(render);
  }
  window.LoginRadiusV2 = LoginRadiusV2;
})();
