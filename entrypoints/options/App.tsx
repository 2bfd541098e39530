export function App() {
  return <main>Marketside options</main>;
}
