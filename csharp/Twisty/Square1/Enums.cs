namespace Twisty.Square1;

/// <summary>Square-1 move notations. The numeric values cross to the engine and never change.</summary>
public enum Notation
{
    /// <summary>WCA / TNoodle: <c>(x,y)/</c>, top and bottom turns in twelfths of a turn.</summary>
    Wca = 0,

    /// <summary>The Cube21 article's notation: <c>(top,bottom)/</c>, with <c>!</c> for a whole-puzzle flip.</summary>
    Article = 1,
}

/// <summary>Square-1 colourings. The numeric values cross to the engine and never change.</summary>
public enum Colouring
{
    /// <summary>The standard puzzle: all 16 pieces distinct.</summary>
    SixColour = 0,

    /// <summary>The Silver edition: 8 distinct big pieces, the 8 small pieces in 4 identical pairs.</summary>
    Silver = 1,
}

/// <summary>What <see cref="Square1Tables.CountShapes"/> counts. The numeric values never change.</summary>
public enum ShapeCount
{
    /// <summary>Layer shapes up to rotation (29).</summary>
    LayerShapes = 0,

    /// <summary>Twistable cube shapes with layer rotations distinct (3678).</summary>
    TwistablePositions = 1,

    /// <summary>Cube shapes up to layer rotation (170).</summary>
    UpToLayerRotation = 2,

    /// <summary>Cube shapes up to layer rotation and whole-puzzle flip (90).</summary>
    UpToRotationAndFlip = 3,
}

/// <summary>The two Silver-edition database models. The numeric values cross to the engine and never change.</summary>
public enum DatabaseVariant
{
    /// <summary>The Cube21 article's model: the middle layer is ignored (a kite middle counts as solved).</summary>
    Article = 0,

    /// <summary>The physical puzzle: the middle layer (square or kite) is part of the state.</summary>
    Middle = 1,
}

/// <summary>
/// How the solver (<see cref="Square1Solver"/>) counts the length of a move sequence. The numeric
/// values cross to the engine and never change.
/// </summary>
/// <remarks>A whole-puzzle flip (<c>!</c>, article notation) has no length in any metric.</remarks>
public enum Metric
{
    /// <summary>Twist metric: only <c>/</c> counts (1 each); layer turns are free.</summary>
    Twist = 0,

    /// <summary>WCA metric: each <c>(x,y)</c> other than <c>(0,0)</c> counts 1, and each <c>/</c> counts 1.</summary>
    Wca = 1,

    /// <summary>
    /// Face-turn metric: <c>(x,0)</c>, <c>(0,y)</c> and <c>/</c> count 1 each; <c>(x,y)</c> with
    /// both layers turned counts 2.
    /// </summary>
    FaceTurn = 2,
}
