/*
 * Local stand-ins for the ad vendors' scripts (docs/ads.md "Stand-ins"). The vf server serves this
 * one file as /demo/vendors/<vendor>.js; it installs the public API of the vendor its address
 * names, the same calls core/ads/adapters make on the real one, and renders a labelled
 * placeholder creative ("Advertisement — <vendor> stand-in") of the slot's size. It never
 * contacts an ad network. An id containing "fail" (or an ad unit containing "empty") makes the
 * stand-in report the vendor's failure, so tests can see each failure path.
 */
(function () {
  var src = (document.currentScript && document.currentScript.src) || '';
  var match = /\/vendors\/([a-z0-9]+)\.js/.exec(src);
  var vendor = match ? match[1] : '';

  function creative(vendorName, width, height, video, note) {
    var box = document.createElement('div');
    box.className = 'vf-standin-creative';
    box.setAttribute('data-vendor', vendorName);
    box.style.cssText = 'box-sizing:border-box;display:flex;align-items:center;justify-content:center;text-align:center;' +
      'font:14px/1.3 system-ui,sans-serif;width:' + width + 'px;max-width:100%;height:' + height + 'px;' +
      (video ? 'background:#1f2933;color:#fff;' : 'background:#eef1f5;color:#1f2933;border:1px dashed #7b8794;');
    box.textContent = (video ? '\u25B6 Video ad' : 'Advertisement') + ' \u2014 ' + vendorName + ' stand-in' + (note ? ' (' + note + ')' : '');
    return box;
  }
  // A vendor answers after a moment, as over a network (and so tests see the space before the creative).
  var later = function (fn) { setTimeout(fn, 300); };
  var fails = function (id) { return typeof id === 'string' && id.indexOf('fail') !== -1; };

  var install = {
    custom: function () {
      window.__generate_viafoura_tag = function (slot, options) {
        if (fails(options && options.siteAdId)) throw new Error('stand-in: custom tag failed');
        slot.appendChild(creative('custom', options.width, options.height, false));
      };
    },
    gtag: function () {
      var g = (window.googletag = window.googletag || {});
      var queued = g.cmd || [];
      var slots = [];
      var listeners = [];
      var pubads = { addEventListener: function (name, fn) { if (name === 'slotRenderEnded') listeners.push(fn); return pubads; } };
      g.pubads = function () { return pubads; };
      g.enableServices = function () {};
      g.defineSlot = function (path, size, divId) {
        var slot = { path: path, size: size, divId: divId, addService: function () { return slot; } };
        slots.push(slot);
        return slot;
      };
      g.display = function (divId) {
        var slot = slots.filter(function (s) { return s.divId === divId; }).pop();
        var el = document.getElementById(divId);
        if (!slot || !el) return; // GPT logs and renders nothing
        var empty = slot.path.indexOf('empty') !== -1;
        later(function () {
          if (!empty) el.appendChild(creative('gtag', slot.size[0], slot.size[1], false));
          listeners.forEach(function (fn) { fn({ slot: slot, isEmpty: empty }); });
        });
      };
      g.cmd = { push: function (fn) { fn(); return 1; } };
      queued.forEach(function (fn) { fn(); });
    },
    m32: function () {
      window.m32 = {
        ready: true,
        display: function (divId, options) {
          return new Promise(function (resolve) {
            later(function () {
              var el = document.getElementById(divId);
              var empty = !el || fails(options.adUnit);
              var size = options.sizes[0];
              if (!empty) el.appendChild(creative('m32', size[0], size[1], false));
              resolve({ isEmpty: empty });
            });
          });
        },
      };
    },
    outbrain: function () {
      window.OBR = {
        extern: {
          researchWidget: function (url, callback, options) {
            later(function () {
              if (fails(options.widgetId)) return callback({ doc: [] });
              callback({
                doc: [{
                  content: 'A stand-in recommendation whose title is long enough to be cut by vf at seventy characters',
                  source_display_name: 'Outbrain stand-in',
                  thumbnail: { url: 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="170"><rect width="300" height="170" fill="#cbd2d9"/></svg>') },
                  url: url + '#outbrain-stand-in',
                }],
              });
            });
          },
        },
      };
    },
    taboola: function () {
      var queued = Array.isArray(window._taboola) ? window._taboola : [];
      var pending = [];
      var run = function (command) {
        if (command.container) pending.push(command);
        if (!command.flush) return;
        pending.splice(0).forEach(function (c) {
          var el = document.getElementById(c.container);
          if (el && !fails(c.mode)) el.appendChild(creative('taboola', el.clientWidth || 300, el.clientHeight || 250, false, c.placement));
        });
      };
      window._taboola = { push: function (command) { later(function () { run(command); }); return 1; } };
      queued.forEach(run);
    },
    exco: function () {
      window.ExCoPlayer = {
        connect: function (playerId, options) {
          var handlers = {};
          later(function () {
            if (fails(playerId)) return (handlers.error || []).forEach(function (fn) { fn(); });
            options.container.appendChild(creative('exco', options.container.clientWidth || 640, options.container.clientHeight || 360, true));
            (handlers.ready || []).forEach(function (fn) { fn(); });
          });
          return { on: function (event, fn) { (handlers[event] = handlers[event] || []).push(fn); } };
        },
      };
    },
    vi: function () {
      window.vi = {
        video: function (options) {
          return new Promise(function (resolve, reject) {
            later(function () {
              if (fails(options.channelId)) return reject(new Error('stand-in: vi failed'));
              options.container.appendChild(creative('vi', options.width, options.height, true));
              resolve({});
            });
          });
        },
      };
    },
    aniview: function () {
      window.avPlayer = function (config) {
        var handlers = {};
        this.on = function (event, fn) { (handlers[event] = handlers[event] || []).push(fn); };
        this.play = function () {
          later(function () {
            if (fails(config.channelId)) return (handlers.AdError || []).forEach(function (fn) { fn(); });
            config.ref.appendChild(creative('aniview', config.width, config.height, true));
            (handlers.AdLoaded || []).forEach(function (fn) { fn(); });
          });
        };
      };
    },
  };
  if (install[vendor]) install[vendor]();
})();
