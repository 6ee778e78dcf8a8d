// Members of group files (importmap.json "groups", docs/architecture.md "dist/ layout"): the import map maps
// such an id to `<group file URL>#<id>`. SystemJS does not fetch that URL: it gets a module that imports the
// group file and exports that member's own namespace, so a group file is fetched and evaluated once and
// every shared id keeps exactly one instance. The namespace has the same shape as a standalone vendor file.
// A member's own code runs only when the first module importing it runs (build/vendor.mjs buildGroup): a
// group holds what the first view may need, and the page evaluates only what it does need.
(function (System) {
  var proto = System.constructor.prototype;
  var instantiate = proto.instantiate;
  proto.instantiate = function (url) {
    var hash = url.indexOf('#');
    if (hash === -1) return instantiate.apply(this, arguments);
    var id = decodeURIComponent(url.slice(hash + 1));
    var group;
    return [
      [url.slice(0, hash)],
      function (_export) {
        return {
          setters: [
            function (g) {
              group = g;
            },
          ],
          // The member's code runs here, when a module that imports it runs, not when the group file does.
          execute: function () {
            var e = group.member(id);
            var n = {};
            for (var k in e) n[k] = e[k];
            n.default = e.__esModule ? e.default : e;
            n.__esModule = true;
            _export(n);
          },
        };
      },
    ];
  };
})(System);
