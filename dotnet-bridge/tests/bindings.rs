//! Generates the raw C# layer (`csharp/Twisty/Generated/Interop.cs`) and checks that the
//! checked-in copy is current.
//!
//! Regenerate: `cargo test -p twisty-dotnet --test bindings -- --ignored regenerate`
//! Stale check (runs with every `cargo test`): `bindings_are_up_to_date`.

use std::path::PathBuf;

use interoptopus_csharp::RustLibrary;
use interoptopus_csharp::dispatch::Dispatch;

const FILE: &str = "Interop.cs";

fn generated_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../csharp/Twisty/Generated")
}

/// The generated C# source, exactly as it is written to disk.
fn generate() -> String {
    let multibuf = RustLibrary::builder(twisty_dotnet::inventory())
        .dll_name(twisty_dotnet::DLL_NAME)
        .dispatch(Dispatch::single_file(twisty_dotnet::CSHARP_NAMESPACE))
        .build()
        .process()
        .expect("C# generation failed");
    multibuf
        .buffer(FILE)
        .expect("generator produced no Interop.cs")
        .to_string()
}

#[test]
fn bindings_are_up_to_date() {
    let path = generated_dir().join(FILE);
    let on_disk = std::fs::read_to_string(&path)
        .unwrap_or_default()
        .replace("\r\n", "\n");
    let fresh = generate();
    assert!(
        on_disk == fresh,
        "{} is stale or missing; regenerate it with\n    cargo test -p twisty-dotnet --test bindings -- --ignored regenerate",
        path.display()
    );
}

#[test]
#[ignore = "writes csharp/Twisty/Generated/Interop.cs; run on purpose"]
fn regenerate() {
    let dir = generated_dir();
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(FILE), generate()).unwrap();
    println!("wrote {}", dir.join(FILE).display());
}
