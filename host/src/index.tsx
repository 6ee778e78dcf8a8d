/**
 * @bastion/host — evaluating this module boots the console into <div id="app">.
 */
import { boot } from './boot/boot';

const element = document.getElementById('app');
if (element) {
  void boot(element);
} else {
  console.error('Bastion console: no #app element on the page');
}
