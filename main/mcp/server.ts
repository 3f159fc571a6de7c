/**
 * `rsure mcp`: the verified tools as a Model Context Protocol server (DESIGN sections 2 and 7), over the one
 * application service (main/services.ts) and the official TypeScript SDK (@modelcontextprotocol/sdk).
 *
 * Tools: perceive, measure, execute and retrieve run one call each, which then passes the same deterministic rule
 * checks, prior lookup and deterministic verifier policy as a call planned by the agent; `ask` runs the whole
 * verified loop. Each declares an `outputSchema` derived from the zod schemas (schemas.ts) and returns
 * `structuredContent` plus the same JSON as text. Tool outputs are data for the caller: nothing in them is obeyed.
 *
 * Resources: the files of the session (everything under the allowed folders) as file:// URIs, and each run made in
 * this session as `rsure://runs/{id}` (question, answer, trajectory, artifacts). Every path a client names passes
 * the access guard (main/tools/access.ts): only the allowed folders and the artifact store may be read.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL, fileURLToPath } from 'node:url'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  McpError,
  ErrorCode,
  type CallToolResult,
  type Tool as McpTool,
} from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { makeTask, parseOptions } from '../agent/task'
import type { AnyTool } from '../agent/tool-registry'
import { readRegularFile } from '../engines/raster/regular-file'
import { classifyTask } from '../prior/classifier'
import type { Services } from '../services'
import { AccessError, FileAccess } from '../tools/access'
import { EvidencePolicyVerifier } from '../verify/evidence-policy'
import { checkRules } from '../verify/rule-checks'
import type { Verdict } from '../verify/verdict'
import { AskInput, AskOutput, CallContext, VerifiedCallOutput, mcpJsonSchema, type VerifiedCallOutput as VerifiedCall } from './schemas'

export const MCP_SERVER_NAME = 'rsure'

export interface McpOptions {
  /** Folders (or files) a client may name; the artifact store is always added. */
  allowed: string[]
  version: string
  /** Backbone of `ask` (rules by default). */
  backbone?: string
  /** Most files listed as resources (the walk stops there). */
  maxListedFiles?: number
}

const OBSERVATION_TOOLS = ['perceive', 'measure', 'execute', 'retrieve'] as const
const MAX_RESOURCE_BYTES = 64 * 1024 * 1024

const TEXT_TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.geojson': 'application/geo+json',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.jsonl': 'application/jsonl',
  '.md': 'text/markdown',
}
const BINARY_TYPES: Record<string, string> = { '.tif': 'image/tiff', '.tiff': 'image/tiff', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' }

function mimeOf(file: string): string {
  const ext = path.extname(file).toLowerCase()
  return TEXT_TYPES[ext] ?? BINARY_TYPES[ext] ?? 'application/octet-stream'
}

/** The input schema of one observation tool: its own arguments under `args`, plus the question they serve. */
function callInput(tool: AnyTool) {
  return z.object({ args: tool.args.describe(`The ${tool.name} arguments (see the tool description).`), ...CallContext.shape })
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  return `${issue.path.join('.') || 'the top level'}: ${issue.message}`
}

function structured(value: Record<string, unknown>, isError = false): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value, ...(isError ? { isError: true } : {}) }
}

function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true }
}

/** An MCP server that can say when no tool call is running (stdio ends when the client closes stdin and all are done). */
export type RsureMcpServer = Server & { whenIdle(): Promise<void> }

/** What the handlers of one connection share: the services, the options, the file access and the runs it made. */
interface McpContext {
  services: Services
  opts: McpOptions
  access: FileAccess
  runsOfSession: string[]
  tools: () => Promise<Map<string, AnyTool>>
}

/** Build the MCP server (one per connection); `services` stays open for the caller to close. */
export function createMcpServer(services: Services, opts: McpOptions): RsureMcpServer {
  const server = new Server(
    { name: MCP_SERVER_NAME, version: opts.version },
    {
      capabilities: { tools: {}, resources: {} },
      instructions:
        'RSure: verified remote-sensing tools. Each tool result carries its evidence, the rule checks, the prior and the verdict; only accepted observations support an answer. Paths must lie inside the folders the server was started with.',
    },
  )
  let toolsPromise: Promise<Map<string, AnyTool>> | null = null
  const ctx: McpContext = {
    services,
    opts,
    access: FileAccess.forInputs(opts.allowed, services.artifacts.dir),
    runsOfSession: [],
    tools: () =>
      (toolsPromise ??= services.tools().then((registry) => new Map(OBSERVATION_TOOLS.filter((n) => registry.has(n)).map((n) => [n, registry.get(n)!])))),
  }
  server.setRequestHandler(ListToolsRequestSchema, () => listTools(ctx))
  const whenIdle = registerCallTool(server, ctx)
  registerResources(server, ctx)
  return Object.assign(server, { whenIdle })
}

/** The observation tools the registry has, then `ask`, each with its input and output schema. */
async function listTools(ctx: McpContext): Promise<{ tools: McpTool[] }> {
  const list: McpTool[] = []
  for (const tool of (await ctx.tools()).values()) {
    list.push({
      name: tool.name,
      title: tool.name,
      description: `${tool.description}\n\nCalled through RSure's verifier: the result comes with its rule checks, prior and verdict.`,
      inputSchema: mcpJsonSchema(callInput(tool), 'input'),
      outputSchema: mcpJsonSchema(VerifiedCallOutput, 'output'),
      annotations: { readOnlyHint: tool.name === 'retrieve', openWorldHint: false },
    })
  }
  list.push({
    name: 'ask',
    title: 'ask (the whole verified loop)',
    description:
      'Answer a question about images or raster files with the verified agent: plan tool calls, verify each observation, answer from accepted observations only.',
    inputSchema: mcpJsonSchema(AskInput, 'input'),
    outputSchema: mcpJsonSchema(AskOutput, 'output'),
    annotations: { openWorldHint: false },
  })
  return { tools: list }
}

/** Route `tools/call` to `ask` or an observation tool; returns a promise factory that resolves when no call is running. */
function registerCallTool(server: Server, ctx: McpContext): () => Promise<void> {
  let running = 0
  const idle: (() => void)[] = []
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    running++
    try {
      const { name, arguments: args } = request.params
      const signal = extra.signal
      if (name === 'ask') return await callAsk(ctx, args ?? {}, signal)
      const tool = (await ctx.tools()).get(name)
      if (!tool)
        throw new McpError(ErrorCode.InvalidParams, `There is no tool named '${name}'; the tools are ${[...(await ctx.tools()).keys(), 'ask'].join(', ')}.`)
      return await callObservationTool(ctx, tool, args ?? {}, signal)
    } finally {
      if (--running === 0) {
        // Let the reply be written before anyone waiting closes the transport.
        setImmediate(() => {
          if (running === 0) for (const r of idle.splice(0)) r()
        })
      }
    }
  })
  return () => new Promise<void>((resolve) => (running === 0 ? setImmediate(resolve) : idle.push(resolve)))
}

async function callObservationTool(ctx: McpContext, tool: AnyTool, raw: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> {
  const parsed = callInput(tool).safeParse(raw)
  if (!parsed.success) return errorResult(`The ${tool.name} arguments are invalid at ${firstIssue(parsed.error)}.`)
  const { args, question, options } = parsed.data
  const result = await tool.run(args, { artifacts: ctx.services.artifacts, signal, access: ctx.access })
  const q = question ?? ''
  const taskType = (await classifyTask(q || `${tool.name} call`, { options: options ?? [] })).taskType
  const rules = checkRules(tool.name, result, { evidence: tool.evidence, args })
  let prior = null
  let verdict: Verdict | null = null
  if (rules.passed && tool.name !== 'retrieve') {
    prior = ctx.services.prior.lookup(taskType, result.config)
    verdict = await new EvidencePolicyVerifier().verify({
      images: [],
      question: q,
      options: options ?? [],
      taskType,
      action: { tool: tool.name, args },
      status: result.status,
      observation: result.observation,
      evidence: result.evidence,
      config: result.config,
      prior,
      corroborates: null,
    })
  }
  const accepted = rules.passed && (tool.name === 'retrieve' || verdict?.decision === 'accept')
  const summary = !rules.passed
    ? `Not usable: ${rules.diagnosis}`
    : tool.name === 'retrieve'
      ? 'Retrieved cards (reference material, not observations).'
      : `${verdict!.decision === 'accept' ? 'Accepted' : verdict!.decision === 'reject' ? 'Rejected' : 'More evidence requested'}: ${verdict!.feedback}`
  const out: VerifiedCall = { tool: tool.name, task_type: taskType, result, rule_checks: rules, prior, verdict, accepted, summary }
  return structured({ ...out })
}

async function callAsk(ctx: McpContext, raw: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> {
  const parsed = AskInput.safeParse(raw)
  if (!parsed.success) return errorResult(`The ask arguments are invalid at ${firstIssue(parsed.error)}.`)
  const input = parsed.data
  const inputs = [...(input.images ?? []), ...(input.files ?? [])].map((p) => path.resolve(p))
  for (const p of inputs) {
    if (!ctx.access.allows(p))
      return errorResult(
        new AccessError(`The ask call names '${p}', which is outside the folders this server was started with; start 'rsure mcp --allow DIR' with it.`).message,
      )
  }
  let options
  try {
    options = input.options?.length ? parseOptions(input.options.join('\n')) : []
  } catch (err) {
    return errorResult((err as Error).message)
  }
  const task = makeTask({
    question: input.question,
    options,
    images: (input.images ?? []).map((p) => path.resolve(p)),
    files: (input.files ?? []).map((p) => path.resolve(p)),
  })
  try {
    const result = await ctx.services.ask(task, { verify: input.verify ?? true, prior: input.prior ?? true, backbone: ctx.opts.backbone }, signal)
    if (result.runId) ctx.runsOfSession.push(result.runId)
    const out: AskOutput = {
      run_id: result.runId,
      answer: result.answer.answer,
      explanation: result.answer.explanation,
      task_type: result.taskType,
      choice: result.answer.choice ?? null,
      grounded: result.answer.grounded,
      missing: result.answer.missing ?? [],
      verified: JSON.parse(JSON.stringify(result.verified)),
      trajectory: JSON.parse(JSON.stringify(result.trajectory)),
      metrics: result.metrics,
      stop: result.stop,
    }
    return structured(out)
  } catch (err) {
    return errorResult(`The question could not be answered: ${(err as Error).message}`)
  }
}

/** Files under the allowed folders and the runs of this session, readable as resources. */
function registerResources(server: Server, ctx: McpContext): void {
  server.setRequestHandler(ListResourcesRequestSchema, async () => {
    const files = listFiles(ctx.opts.allowed, ctx.opts.maxListedFiles ?? 1000)
    const runs = ctx.runsOfSession.map((id) => ({
      uri: `rsure://runs/${id}`,
      name: `run ${id}`,
      mimeType: 'application/json',
      description: 'A run of this session: question, answer, trajectory and artifacts.',
    }))
    return {
      resources: [...files.map((f) => ({ uri: pathToFileURL(f).href, name: path.basename(f), mimeType: mimeOf(f) })), ...runs],
    }
  })

  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [
      {
        uriTemplate: 'rsure://runs/{run_id}',
        name: 'run',
        mimeType: 'application/json',
        description: 'A stored run: question, answer, trajectory and artifacts.',
      },
    ],
  }))

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri
    const run = /^rsure:\/\/runs\/([^/?#]+)$/.exec(uri)
    if (run) {
      const record = ctx.services.runs.getRun(run[1])
      if (!record) throw new McpError(ErrorCode.InvalidParams, `There is no run '${run[1]}' in this data folder.`)
      const doc = { run: record, trajectory: ctx.services.runs.trajectory(run[1]), artifacts: ctx.services.runs.artifactsOf(run[1]) }
      return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(doc) }] }
    }
    if (!uri.startsWith('file://')) throw new McpError(ErrorCode.InvalidParams, `The resource '${uri}' is neither a file:// URI nor rsure://runs/{id}.`)
    const file = fileURLToPath(uri)
    if (!ctx.access.allows(file)) throw new McpError(ErrorCode.InvalidParams, `The resource '${file}' is outside the folders this server was started with.`)
    let bytes: Buffer
    try {
      bytes = readRegularFile(file, MAX_RESOURCE_BYTES, 'a resource')
    } catch (err) {
      throw new McpError(ErrorCode.InvalidParams, (err as Error).message)
    }
    const mimeType = mimeOf(file)
    const isText = Object.values(TEXT_TYPES).includes(mimeType)
    return { contents: [isText ? { uri, mimeType, text: bytes.toString('utf8') } : { uri, mimeType, blob: bytes.toString('base64') }] }
  })
}

/** Regular files under the allowed folders (and allowed files), breadth-first, at most `max`. */
function listFiles(allowed: string[], max: number): string[] {
  const out: string[] = []
  const queue: string[] = []
  for (const p of allowed.map((a) => path.resolve(a))) {
    try {
      const st = fs.statSync(p)
      if (st.isFile()) out.push(p)
      else if (st.isDirectory()) queue.push(p)
    } catch {
      // a missing allowed path lists nothing
    }
  }
  while (queue.length && out.length < max) {
    const dir = queue.shift()!
    let entries: fs.Dirent[]
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true })
    } catch {
      continue
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.name.startsWith('.')) continue
      const full = path.join(dir, e.name)
      if (e.isFile()) out.push(full)
      else if (e.isDirectory()) queue.push(full)
      if (out.length >= max) break
    }
  }
  return out
}
