/**
 * `rsure mcp [--allow DIR]... [--http] [--port N] [--backbone B]`: the verified tools as a Model Context Protocol
 * server (main/mcp/). stdio by default (the client starts `rsure mcp` and speaks JSON-RPC on its stdin/stdout);
 * `--http` serves Streamable HTTP on 127.0.0.1 with a launch token (RSURE_MCP_TOKEN, else a random one printed on
 * stderr). Clients may name only paths under the --allow folders (default: the working folder) and run artifacts.
 */
import path from 'node:path'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { serveMcpHttp } from '../../mcp/http'
import { createMcpServer } from '../../mcp/server'
import { openServices } from '../../services'
import { CliError, parseCommandArgs, type Command } from '../io'
import { RSURE_VERSION } from '../version'

const command: Command = {
  name: 'mcp',
  summary: 'Serve the verified tools (perceive, measure, execute, retrieve, ask) to other agents over the Model Context Protocol.',
  usage:
    'rsure mcp [--allow DIR]... [--http] [--port N] [--backbone rules|openai:URL#MODEL]\n' +
    '  --allow DIR   a folder (or file) clients may name; repeatable; default: the working folder\n' +
    '  --http        Streamable HTTP on 127.0.0.1 instead of stdio; the URL and token are printed on stderr\n' +
    '  --port N      the HTTP port (default 0: any free port)\n' +
    '  --backbone B  the backbone of the ask tool (default rules)\n' +
    'Environment: RSURE_MCP_TOKEN (the HTTP launch token), RSURE_DATA_DIR (data folder), RSURE_OPENAI_API_KEY.',
  async run(argv, io) {
    const { values } = parseCommandArgs(
      'mcp',
      argv,
      {
        allow: { type: 'string', multiple: true },
        http: { type: 'boolean', default: false },
        port: { type: 'string', default: '0' },
        backbone: { type: 'string' },
      },
      false,
    )
    const port = Number(values.port)
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError(`--port takes a port number 0-65535; got '${values.port}'.`, 2)
    const allowed = (values.allow?.length ? values.allow : [process.cwd()]).map((p) => path.resolve(p))
    const services = openServices()
    const opts = { allowed, version: RSURE_VERSION, backbone: values.backbone }
    const done = new Promise<void>((resolve) => io.signal.addEventListener('abort', () => resolve(), { once: true }))
    try {
      if (values.http) {
        const handle = await serveMcpHttp(() => createMcpServer(services, opts), { port, token: process.env.RSURE_MCP_TOKEN || undefined })
        io.stderr(`RSure MCP server on ${handle.url}\nToken: ${handle.token}\n`)
        await done
        await handle.close()
      } else {
        const server = createMcpServer(services, opts)
        const transport = new StdioServerTransport()
        const closed = new Promise<void>((resolve) => {
          transport.onclose = () => resolve()
          // The client closed stdin: answer what was asked, then end.
          process.stdin.once('end', () => void server.whenIdle().then(resolve))
        })
        await server.connect(transport)
        await Promise.race([closed, done])
        await server.close()
      }
    } finally {
      services.close()
    }
    return 0
  },
}

export default command
