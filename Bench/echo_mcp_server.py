#!/usr/bin/env python3
"""The benchmark's reference: a do-nothing MCP server over stdio, the official SDK's MCPServer with one tool."""

from mcp.server.mcpserver import MCPServer

server = MCPServer("echo")


@server.tool()
def event(name: str) -> str:
    """Answers at once."""
    return name


if __name__ == "__main__":
    server.run()
