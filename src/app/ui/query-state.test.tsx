import { act, screen } from '@testing-library/react';
import { onlineManager, useQuery } from '@tanstack/react-query';
import { createTestQueryClient, renderWithProviders } from '#tests/utils/render.tsx';
import { QueryState } from './query-state.tsx';

const OFFLINE_TITLE = 'Esta tela precisa de conexão';
const OFFLINE_BODY =
  'Você está sem rede e esta informação ainda não foi guardada neste aparelho. Ela aparece assim que a conexão voltar.';
const LOADING = 'Carregando…';

function Orders({ queryFn }: { queryFn: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['orders'], queryFn });
  return <QueryState query={query}>{(orders) => <ul>{orders.map((order) => <li key={order}>{order}</li>)}</ul>}</QueryState>;
}

const setOnline = (online: boolean) => act(() => onlineManager.setOnline(online));

afterEach(() => setOnline(true));

describe('QueryState: offline with nothing stored', () => {
  it('says the screen needs a connection instead of spinning, and shows the data once back online', async () => {
    setOnline(false);
    const queryFn = vi.fn(async () => ['Pedido 1']);
    await renderWithProviders(<Orders queryFn={queryFn} />);

    const notice = (await screen.findByText(OFFLINE_TITLE)).closest('[role="status"]');
    expect(notice).toBeVisible();
    expect(notice).toHaveTextContent(OFFLINE_BODY);
    expect(screen.queryByText(LOADING)).not.toBeInTheDocument();
    expect(queryFn).not.toHaveBeenCalled();

    setOnline(true);
    expect(await screen.findByText('Pedido 1')).toBeVisible();
    expect(screen.queryByText(OFFLINE_TITLE)).not.toBeInTheDocument();
  });

  it('shows data already in the cache while offline, not the notice', async () => {
    setOnline(false);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['orders'], ['Pedido guardado']);
    await renderWithProviders(<Orders queryFn={async () => ['Pedido novo']} />, { queryClient });
    expect(await screen.findByText('Pedido guardado')).toBeVisible();
    expect(screen.queryByText(OFFLINE_TITLE)).not.toBeInTheDocument();
  });

  it('speaks en-US', async () => {
    setOnline(false);
    await renderWithProviders(<Orders queryFn={async () => []} />, { language: 'en-US' });
    expect(await screen.findByText('This screen needs a connection')).toBeVisible();
  });
});

describe('QueryState: online', () => {
  it('shows the loading indicator while the answer is on its way', async () => {
    const queryFn = vi.fn(() => new Promise<string[]>(() => undefined));
    await renderWithProviders(<Orders queryFn={queryFn} />);
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalled());
    expect(screen.getByRole('status')).toHaveTextContent(LOADING);
    expect(screen.queryByText(OFFLINE_TITLE)).not.toBeInTheDocument();
  });

  it('shows the answer when it arrives', async () => {
    await renderWithProviders(<Orders queryFn={async () => ['Pedido 1', 'Pedido 2']} />);
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
  });
});
