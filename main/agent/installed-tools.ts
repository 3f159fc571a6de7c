/**
 * The tools an agent run gets: what is installed in this build. Execute and retrieve are always there; perceive and
 * measure register here when their packs land (later issues) — until then a skill that needs them (object
 * counting) gets an honest "not installed" through the loop's rule checks instead of a guess.
 */
import { executeTool } from '../tools/execute/index'
import { retrieveTool } from '../tools/retrieve/index'
import { ToolRegistry } from './tool-registry'

export async function installedTools(): Promise<ToolRegistry> {
  return new ToolRegistry([executeTool, retrieveTool])
}
