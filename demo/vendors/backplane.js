/*
 * A local stand-in for the Backplane JS client (docs/login.md "Stand-ins"). It installs
 * `Backplane`: `Backplane.init({ serverBaseURL, busName })`, `Backplane.getChannelID()` (null
 * until initialised, as the real one before its channel is ready), `Backplane.subscribe(fn)` →
 * an id, `Backplane.unsubscribe(id)`: what vf's adapter (core/identity/backplane.ts) uses.
 * Publishing posts to the stand-in bus (server/standins/backplane.ts) at `serverBaseURL` and
 * delivers the message, with its messageURL, to the channel's subscribers. It never contacts a
 * real bus. `Backplane.publish(type, payload, bus?)` takes `Backplane.identity(person)` as an
 * identity/login payload. Into every element with `data-backplane-standin` it renders
 * (demo/standin-panel.js, loaded first) the publisher's side: "Sign in via Backplane as …", a
 * sign-in message on another site's bus (a refused path) and "Sign out via Backplane".
 */
(function () {
  var panel = window.vfStandInPanel; // demo/standin-panel.js
  var BEA = { id: 'bea', name: 'Bea Plane' };
  var OTHER_BUS = 'someone-elses-bus';
  var signedIn = null;
  var config = null;
  var channel = null;
  var subscribers = {};
  var next = 1;

  function deliver(message) {
    Object.keys(subscribers).forEach(function (id) { subscribers[id](message); });
  }

  function Backplane(onReady) { if (typeof onReady === 'function') setTimeout(onReady, 0); }
  Backplane.version = '2.0.0';
  Backplane.init = function (options) {
    config = { serverBaseURL: String(options.serverBaseURL).replace(/\/+$/, ''), busName: options.busName };
    // The real client asks its server for a channel; the stand-in makes one.
    setTimeout(function () { channel = Math.random().toString(16).slice(2) + Math.random().toString(16).slice(2); }, 50);
  };
  Backplane.getChannelID = function () { return channel; };
  Backplane.subscribe = function (fn) { var id = next++; subscribers[id] = fn; return id; };
  Backplane.unsubscribe = function (id) { delete subscribers[id]; };
  /** Publishes `type`/`payload` on this page's channel of `bus` (the configured bus by default). */
  Backplane.publish = function (type, payload, bus) {
    var message = { bus: bus || config.busName, channel: channel, type: type, payload: payload, source: location.origin };
    return fetch(config.serverBaseURL + '/v2/message', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: message }),
    }).then(function (r) { return r.json(); }).then(function (body) {
      message.messageURL = body.messageURL;
      deliver(message);
      return message;
    });
  };
  Backplane.identity = function (person) {
    return { identities: { startIndex: 0, itemsPerPage: 1, totalResults: 1, entry: {
      id: person.id, displayName: person.name, accounts: [{ username: person.name, userid: person.id, identityUrl: location.origin + '/people/' + person.id }], photos: [],
    } } };
  };
  window.Backplane = Backplane;

  function render() {
    panel('[data-backplane-standin]', signedIn ? 'Backplane stand-in: signed in as ' + signedIn : 'Backplane stand-in: signed out', [
      ['Sign in via Backplane as ' + BEA.name, function () { signedIn = BEA.name; render(); Backplane.publish('identity/login', Backplane.identity(BEA)); }],
      ["Sign-in message on another site's bus", function () { Backplane.publish('identity/login', Backplane.identity(BEA), OTHER_BUS); }],
      ['Sign out via Backplane', function () { signedIn = null; render(); Backplane.publish('identity/logout', {}); }],
    ]);
  }
  panel.whenReady(render);
})();
