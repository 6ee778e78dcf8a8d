// Members of group files (importmap.json "groups", docs/architecture.md "dist/ layout"): the import map maps
// such an id to `<group file URL>#<id>`. SystemJS does not fetch that URL: it gets a module that imports the
// group file and exports that member's own namespace, so a group file is fetched and evaluated once and
// every shared id keeps exactly one instance. The namespace has the same shape as a standalone vendor file.
(function (System) {
  var proto = System.constructor.prototype;
  var instantiate = proto.instantiate;
  proto.instantiate = function (url) {
    var hash = url.indexOf('#');
    if (hash === -1) return instantiate.apply(this, arguments);
    var id = decodeURIComponent(url.slice(hash + 1));
    return [
      [url.slice(0, hash)],
      function (_export) {
        return {
          setters: [
            function (group) {
              var e = group[id];
              if (!e) return; // the group has not run yet: called again once it has
              var n = {};
              for (var k in e) n[k] = e[k];
              n.default = e.__esModule ? e.default : e;
              n.__esModule = true;
              _export(n);
            },
          ],
          execute: function () {},
        };
      },
    ];
  };
})(System);
