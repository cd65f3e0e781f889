//! `twisty serve`: the local web page and its JSON API (module `twisty_cli::web`).

use std::path::PathBuf;

use clap::Args;

// The command's help is the doc comment of `Command::Serve`.
#[derive(Args)]
pub struct ServeArgs {
    /// Address to listen on (loopback unless told otherwise).
    #[arg(long, default_value = "127.0.0.1")]
    host: std::net::IpAddr,
    #[arg(long, default_value_t = twisty_cli::web::DEFAULT_PORT)]
    port: u16,
    /// A Silver database file: distances and all shortest solutions on the page.
    #[arg(long)]
    db: Option<PathBuf>,
    /// Largest 3x3x3 optimal table the page may build and use (0 = h0, 29.6 MB).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(0..=7))]
    max_optimal_table: u8,
    /// Longest time one search may run, in seconds (1 to 86400).
    #[arg(long, default_value_t = 300,
          value_parser = clap::value_parser!(u64).range(1..=86_400))]
    search_limit_s: u64,
}

pub fn run(args: ServeArgs) -> twisty::Result<()> {
    let ServeArgs {
        host,
        port,
        db,
        max_optimal_table,
        search_limit_s,
    } = args;
    let config = twisty_cli::web::Config {
        db,
        max_optimal_table,
        search_limit: std::time::Duration::from_secs(search_limit_s),
        ..Default::default()
    };
    let addr = std::net::SocketAddr::new(host, port);
    twisty_cli::web::serve_blocking(addr, config, |addr| {
        println!("twisty serving on http://{addr}/ (Ctrl-C stops it)");
    })?;
    Ok(())
}
