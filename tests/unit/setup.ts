// Testing Library's waitFor gives up after 1 s by default: too little on a loaded machine.
import { configure } from '@testing-library/react';
import { WAIT_MS } from '../support/wait.mjs';

configure({ asyncUtilTimeout: WAIT_MS });
