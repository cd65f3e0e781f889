namespace Twisty.Cube3;

/// <summary>The variations of a sequence that <see cref="Moves.Variations"/> lists, as nissy names them.</summary>
public enum Variation
{
    /// <summary><c>unniss</c>: the one plain sequence (no inverse part) with the same effect (engine code 0).</summary>
    Unniss = 0,

    /// <summary><c>lastqt</c>: every choice of direction of each part's last quarter turns (engine code 1).</summary>
    LastQt = 1,
}
