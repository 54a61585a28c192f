import NodeEnvironment from 'jest-environment-node';
import type { Circus } from '@jest/types';
import { FAILED_TEST_GLOBAL } from './test-state';


/**
 * jest's Node environment, plus one fact the suites cannot see themselves: whether the test that just ran
 * failed. The browser suites read it in afterEach to keep screenshots of a failed test's pages only.
 */
export default class StoreTestEnvironment extends NodeEnvironment {
  async handleTestEvent(event: Circus.Event): Promise<void> {
    if (event.name === 'test_fn_start') this.global[FAILED_TEST_GLOBAL] = undefined;
    if (event.name === 'test_fn_failure') this.global[FAILED_TEST_GLOBAL] = fullName(event.test);
  }
}

function fullName(test: Circus.TestEntry): string {
  const names: string[] = [test.name];
  for (let block: Circus.DescribeBlock | undefined = test.parent; block && block.parent; block = block.parent) names.unshift(block.name);
  return names.join(' ');
}
