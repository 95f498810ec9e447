-- meshlint's language server in Neovim: put this in your init.lua (or source it).
-- Works with Neovim 0.7 and later; it uses the newest API your version has.
-- meshlint must be on PATH (from a clone: npm link; or npm install -g ./meshlint-<version>.tgz,
-- see the README's Install), or change `cmd` below.
local cmd = { 'meshlint', 'lsp' }
local filetypes = { 'yaml', 'json' }
local markers = { '.meshlint.yaml', '.meshlint.yml', '.meshlint.json', '.git' }

if vim.lsp.config and vim.lsp.enable then
  -- Neovim 0.11 and later.
  vim.lsp.config('meshlint', { cmd = cmd, filetypes = filetypes, root_markers = markers })
  vim.lsp.enable('meshlint')
  return
end

-- The nearest folder above the buffer that holds one of the markers (else the working directory).
local function root_dir(bufnr)
  local dir = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ':p:h')
  for _, marker in ipairs(markers) do
    local found = vim.fn.findfile(marker, dir .. ';')
    if found == '' then found = vim.fn.finddir(marker, dir .. ';') end
    if found ~= '' then return (vim.fn.fnamemodify(found, ':p:h'):gsub('/%.git/?$', '')) end
  end
  return vim.fn.getcwd()
end

local clients = {}
vim.api.nvim_create_autocmd('FileType', {
  pattern = filetypes,
  callback = function(args)
    local root = root_dir(args.buf)
    if vim.lsp.start then
      -- Neovim 0.8 to 0.10.
      vim.lsp.start({ name = 'meshlint', cmd = cmd, root_dir = root })
      return
    end
    -- Neovim 0.7: one client per root, attached to each buffer.
    if not clients[root] then
      clients[root] = vim.lsp.start_client({ name = 'meshlint', cmd = cmd, root_dir = root })
    end
    if clients[root] then vim.lsp.buf_attach_client(args.buf, clients[root]) end
  end,
})
