/** Types of scripts/test-lanes.mjs, for the spec that checks the lanes. */
export interface TestLane {
  name: string;
  paths: string[];
  ignore: string[];
  sharedBrowser: boolean;
  sharedDatabase: boolean;
}
export function testLanes(): TestLane[];
export function laneArguments(lane: TestLane): string[];
